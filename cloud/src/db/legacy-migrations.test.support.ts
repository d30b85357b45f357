/**
 * The schema steps as Loupe shipped them before the store moved to Kysely: raw SQL applied one by one,
 * counted in `PRAGMA user_version`. Kept verbatim so tests can make the files those versions made and
 * check today's code carries them forward.
 */
export const LEGACY_SQLITE_MIGRATIONS: readonly string[] = [
  `create table projects (
     id text primary key,
     name text not null unique,
     created_at text not null
   );
   create table api_keys (
     id text primary key,
     project_id text not null references projects(id),
     prefix text not null,
     hash blob not null,
     created_at text not null,
     revoked_at text
   );
   create index api_keys_prefix on api_keys(prefix);
   create table usage_events (
     id integer primary key,
     project_id text not null references projects(id),
     kind text not null,
     units real not null default 1,
     bytes integer not null default 0,
     outcome text not null,
     created_at text not null
   );
   create index usage_events_project on usage_events(project_id, kind);`,
  `create table sessions (
     id text primary key,
     project_id text not null references projects(id),
     region text not null,
     block_ads integer not null default 0,
     created_at text not null,
     ended_at text,
     end_reason text
   );
   create index sessions_project on sessions(project_id, ended_at);
   create table extract_cache (
     project_id text not null references projects(id),
     key text not null,
     result text not null,
     created_at text not null,
     primary key (project_id, key)
   );
   create index extract_cache_age on extract_cache(created_at);`,
  `alter table sessions add column key_id text references api_keys(id);`,
  `alter table usage_events add column input_tokens integer not null default 0;
   alter table usage_events add column output_tokens integer not null default 0;`,
];
