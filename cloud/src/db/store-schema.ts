import type { ColumnType, Generated } from "kysely";

/**
 * The tables of Loupe Cloud's store, as Kysely sees them; the same on SQLite and Postgres (migrations.ts
 * creates them). Times are ISO-8601 text on both, so they compare and sort as text alike.
 */
export interface StoreTables {
  projects: { id: string; name: string; created_at: string };
  api_keys: {
    id: string;
    project_id: string;
    prefix: string;
    /** SHA-256 of the key: a Uint8Array from SQLite, a Buffer (also a Uint8Array) from Postgres. */
    hash: Uint8Array;
    created_at: string;
    revoked_at: string | null;
  };
  usage_events: {
    id: Generated<number>;
    project_id: string;
    kind: string;
    units: number;
    /** Postgres `bigint`, which node-postgres reads as a string: only ever summed and read with Number(). */
    bytes: ColumnType<number | string, number, number>;
    outcome: string;
    created_at: string;
    input_tokens: ColumnType<number | string, number, number>;
    output_tokens: ColumnType<number | string, number, number>;
  };
  sessions: {
    id: string;
    project_id: string;
    key_id: string | null;
    region: string;
    block_ads: number;
    created_at: string;
    ended_at: string | null;
    end_reason: string | null;
    /** The instance running the session's browser; null on rows written before instances (schema 5). */
    instance_id: string | null;
  };
  /** The instances serving this store: where each is reached, and whether it is alive (its heartbeat). */
  instances: {
    id: string;
    /** The address other instances forward a session's requests to: `http(s)://host:port`. */
    url: string;
    /** How often it heartbeats: it is dead once its heartbeat is 3 intervals old. */
    heartbeat_ms: number;
    started_at: string;
    heartbeat_at: string;
    stopped_at: string | null;
  };
  extract_cache: { project_id: string; key: string; result: string; created_at: string };
  leases: {
    id: string;
    project_id: string;
    /** What the lease counts: `fetch` or `session-call`. */
    kind: string;
    /** Who holds it: the instance's id (`ins_…`), for an operator reading the table. */
    holder: string;
    created_at: string;
    expires_at: string;
  };
}
