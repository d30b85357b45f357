/** Which database holds the store. */
export type StoreKind = "sqlite" | "postgres";

/**
 * The store's errors, in one place. None may carry a database password: Postgres locations are always
 * given through `redactDatabaseUrl`.
 */
export class StoreError extends Error {
  override name = "StoreError";
}

export const STORE_ERRORS = {
  newerSchema: (where: string, found: number, known: number) =>
    new StoreError(
      `The database ${where} was migrated by a newer Loupe (version ${found} > ${known}): upgrade Loupe, or point it at another database.`,
    ),
  unreachable: (where: string, cause: string) =>
    new StoreError(
      `Cannot reach the Postgres database ${where}: ${cause}. Check that the server is running and listening there, the host, port and database name in --database (or LOUPE_DATABASE_URL), and the user's password and access rights (pg_hba.conf).`,
    ),
  badUrl: (detail: string) =>
    new StoreError(
      `--database (or LOUPE_DATABASE_URL) must be a postgres:// or postgresql:// URL like postgres://user:password@host:5432/loupe; ${detail}.`,
    ),
} as const;

/** A database URL fit for a log or an error: the password is replaced by `***`. */
export function redactDatabaseUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = "***";
    // A password can also ride in the query (`?password=…`), which node-postgres honours.
    for (const name of [...url.searchParams.keys()])
      if (/pass|secret|key/i.test(name)) url.searchParams.set(name, "***");
    return url.toString();
  } catch {
    return "(a URL that does not parse)";
  }
}

/** Removes every occurrence of `secret` from a message (a driver may quote what it was given). */
export function withoutSecret(message: string, secret: string | undefined): string {
  if (!secret) return message;
  let out = message;
  // As given and as it appears in a URL.
  for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join("***");
  return out;
}
