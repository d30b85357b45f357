import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_CLOUD_PORT } from "@loupe/core/protocol";
import { ApiKeys } from "../db/api-keys.js";
import { StoreError, openAndMigrate, type StoreLocation } from "../db/database.js";
import { redactDatabaseUrl } from "../db/store-errors.js";
import { parseInstanceUrl } from "../instances/instance-url.js";
import { startCloudServer } from "../server/cloud-server.js";
import { parsePublicUrl } from "../server/public-url.js";

export const CLOUD_USAGE = `Usage: loupe cloud serve [--host 127.0.0.1] [--port ${DEFAULT_CLOUD_PORT}] [--data-dir DIR | --database URL]
                         [--allow-private-network] [--region local] [--max-sessions 3] [--max-sessions-total N]
                         [--session-idle-timeout 300] [--public-url URL] [--instance-url URL]
                         [--heartbeat-interval 5]
       loupe cloud migrate [--data-dir DIR | --database URL]   applies the schema's migrations and exits
       loupe cloud keys create --project NAME [--data-dir DIR | --database URL]   prints the new key alone on stdout
       loupe cloud keys list --project NAME [--data-dir DIR | --database URL]
       loupe cloud keys revoke KEY_OR_ID [--data-dir DIR | --database URL]

--max-sessions is per project; --max-sessions-total for all projects together (default: one per
512 MiB of memory); --session-idle-timeout is in seconds (a session with no call and no CDP traffic for
that long ends). --public-url is the address clients reach the server by when it sits behind a proxy
(https://loupe.example.com gives wss:// connectUrls).
Several instances share one --database: --instance-url is the address the OTHER instances reach this
one by (http://10.0.0.5:4455; default the address it listens on), to forward the requests of the
sessions it runs. Each heartbeats every --heartbeat-interval seconds (default 5); one silent for 3
intervals is dead and its sessions are recorded as ended.
State (projects, hashed keys, usage, sessions, cache) lives in DIR/loupe.db (SQLite; DIR defaults to
~/.loupe), or with --database postgres://user:password@host:5432/loupe (or LOUPE_DATABASE_URL) in a
Postgres database several instances can share. Every command brings the schema up to date first.
The model for server-side work comes from LOUPE_MODEL, LOUPE_MODEL_BASE_URL, LOUPE_MODEL_API_KEY
(or the provider's usual key variable); proxies for \`proxies: true\` from LOUPE_PROXY_URLS.
`;

/** Runs `loupe cloud …`; resolves with the exit code (or never, for `serve`, until it is stopped). */
export async function runCloudCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      host: { type: "string" },
      port: { type: "string" },
      "data-dir": { type: "string" },
      database: { type: "string" },
      "allow-private-network": { type: "boolean" },
      region: { type: "string" },
      "max-sessions": { type: "string" },
      "max-sessions-total": { type: "string" },
      "session-idle-timeout": { type: "string" },
      "public-url": { type: "string" },
      "instance-url": { type: "string" },
      "heartbeat-interval": { type: "string" },
      project: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const dataDir = resolve(values["data-dir"] ?? join(homedir(), ".loupe"));
  const [command, subcommand, argument] = positionals;
  if (values.help || !command) {
    process.stdout.write(CLOUD_USAGE);
    return values.help ? 0 : 1;
  }
  if (values.database !== undefined && values["data-dir"] !== undefined)
    return fail("give --data-dir (SQLite) or --database (Postgres), not both.");
  // A flag says where for this one command; LOUPE_DATABASE_URL is the default a deployment sets.
  const databaseUrl =
    values.database ??
    (values["data-dir"] === undefined ? process.env["LOUPE_DATABASE_URL"] || undefined : undefined);
  const location: StoreLocation = { dataDir, databaseUrl };
  try {
    if (command === "serve") return await serve(values, location);
    if (command === "migrate") return await migrateCommand(location);
    if (command === "keys") return await keysCommand(subcommand, argument, values.project, location);
  } catch (error) {
    // The store's errors say what to change (and never hold a password); anything else is a bug to show.
    if (error instanceof StoreError) return fail(error.message);
    throw error;
  }
  process.stderr.write(`loupe cloud: unknown command "${command}".\n\n${CLOUD_USAGE}`);
  return 1;
}

interface ServeFlags {
  host?: string;
  port?: string;
  "allow-private-network"?: boolean;
  region?: string;
  "max-sessions"?: string;
  "max-sessions-total"?: string;
  "session-idle-timeout"?: string;
  "public-url"?: string;
  "instance-url"?: string;
  "heartbeat-interval"?: string;
}

async function serve(values: ServeFlags, location: StoreLocation): Promise<number> {
  const port = values.port === undefined ? DEFAULT_CLOUD_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`loupe cloud serve: --port takes a port number (0–65535), not "${values.port}".\n`);
    return 1;
  }
  const maxSessions = positiveInteger(values["max-sessions"]);
  const maxSessionsTotal = positiveInteger(values["max-sessions-total"]);
  const idleSeconds = positiveInteger(values["session-idle-timeout"]);
  for (const [flag, value, parsed] of [
    ["--max-sessions", values["max-sessions"], maxSessions],
    ["--max-sessions-total", values["max-sessions-total"], maxSessionsTotal],
    ["--session-idle-timeout", values["session-idle-timeout"], idleSeconds],
  ] as const)
    if (value !== undefined && parsed === undefined) {
      process.stderr.write(`loupe cloud serve: ${flag} takes a whole number above 0, not "${value}".\n`);
      return 1;
    }
  if (values.region !== undefined && !/^[a-z0-9-]+$/.test(values.region)) {
    process.stderr.write(
      `loupe cloud serve: --region takes a name like "eu-west-1", not "${values.region}".\n`,
    );
    return 1;
  }
  const publicUrl = values["public-url"];
  if (publicUrl !== undefined) {
    try {
      parsePublicUrl(publicUrl);
    } catch (error) {
      process.stderr.write(`loupe cloud serve: --public-url: ${(error as Error).message}\n`);
      return 1;
    }
  }
  const instanceUrl = values["instance-url"];
  if (instanceUrl !== undefined) {
    try {
      parseInstanceUrl(instanceUrl);
    } catch (error) {
      process.stderr.write(`loupe cloud serve: --instance-url: ${(error as Error).message}\n`);
      return 1;
    }
  }
  const heartbeat = values["heartbeat-interval"];
  const heartbeatSeconds = heartbeat === undefined ? undefined : Number(heartbeat);
  if (heartbeatSeconds !== undefined && !(Number.isFinite(heartbeatSeconds) && heartbeatSeconds >= 0.05)) {
    process.stderr.write(
      `loupe cloud serve: --heartbeat-interval takes seconds, at least 0.05 (like 5 or 0.5), not "${heartbeat}".\n`,
    );
    return 1;
  }
  const server = await startCloudServer({
    host: values.host ?? "127.0.0.1",
    port,
    dataDir: location.dataDir,
    ...(location.databaseUrl ? { databaseUrl: location.databaseUrl } : {}),
    allowPrivateNetwork: values["allow-private-network"] === true,
    ...(values.region ? { region: values.region } : {}),
    ...(maxSessions ? { maxSessionsPerProject: maxSessions } : {}),
    ...(maxSessionsTotal ? { maxSessions: maxSessionsTotal } : {}),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    ...(instanceUrl !== undefined ? { instanceUrl } : {}),
    ...(heartbeatSeconds !== undefined ? { heartbeatMs: Math.round(heartbeatSeconds * 1000) } : {}),
    ...(idleSeconds ? { sessionIdleTimeoutMs: idleSeconds * 1000 } : {}),
  });
  // stdout carries the address alone (scripts read it); where the state lives goes to stderr.
  process.stderr.write(`store: ${describeLocation(location)}\n`);
  process.stderr.write(
    `instance: ${server.instance.id}, reached by other instances at ${server.instance.url}\n`,
  );
  process.stdout.write(`listening on ${server.url}\n`);
  await new Promise<void>((done) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void server.close().then(done);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  return 0;
}

function positiveInteger(value: string | undefined): number | undefined {
  const number = Number(value);
  return value !== undefined && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** `loupe cloud migrate`: what a deployment runs before starting new instances. */
async function migrateCommand(location: StoreLocation): Promise<number> {
  const { database, migration } = await openAndMigrate(location);
  await database.close();
  const where = describeLocation(location);
  process.stdout.write(
    migration.from === migration.to
      ? `${where}: schema version ${migration.to}, up to date\n`
      : `${where}: migrated the schema from version ${migration.from} to ${migration.to}\n`,
  );
  return 0;
}

/** Where the store is, fit for a terminal or a log: never a password. */
function describeLocation(location: StoreLocation): string {
  return location.databaseUrl
    ? `postgres ${redactDatabaseUrl(location.databaseUrl)}`
    : `sqlite ${join(location.dataDir, "loupe.db")}`;
}

async function keysCommand(
  subcommand: string | undefined,
  argument: string | undefined,
  project: string | undefined,
  location: StoreLocation,
): Promise<number> {
  const { database: db } = await openAndMigrate(location);
  try {
    const keys = new ApiKeys(db);
    switch (subcommand) {
      case "create": {
        if (!project?.trim()) return fail("keys create needs --project NAME (the project the key bills to).");
        process.stdout.write(`${(await keys.createKey(project.trim())).key}\n`);
        return 0;
      }
      case "list": {
        if (!project?.trim()) return fail("keys list needs --project NAME.");
        for (const key of await keys.list(project.trim()))
          process.stdout.write(
            `${key.id}\t${key.prefix}…\t${key.createdAt}\t${key.revokedAt ? `revoked ${key.revokedAt}` : "active"}\n`,
          );
        return 0;
      }
      case "revoke": {
        if (!argument) return fail("keys revoke needs the key or its id (from `keys list`).");
        if (!(await keys.revoke(argument)))
          return fail(`No key "${argument}" in ${describeLocation(location)}.`);
        process.stderr.write("revoked\n");
        return 0;
      }
      default:
        return fail(`unknown keys command "${subcommand ?? ""}".\n\n${CLOUD_USAGE}`);
    }
  } finally {
    await db.close();
  }
}

function fail(message: string): number {
  process.stderr.write(`loupe cloud: ${message}\n`);
  return 1;
}
