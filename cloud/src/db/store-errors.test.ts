import { describe, expect, it } from "vitest";
import { STORE_ERRORS, redactDatabaseUrl, withoutSecret } from "./store-errors.js";

describe("redactDatabaseUrl", () => {
  it("masks the password in the userinfo and in the query, and keeps the rest", () => {
    expect(redactDatabaseUrl("postgres://loupe:s3cr%40t@db.internal:5433/loupe?sslmode=require")).toBe(
      "postgres://loupe:***@db.internal:5433/loupe?sslmode=require",
    );
    expect(redactDatabaseUrl("postgres://db/loupe?user=a&password=hunter2")).toBe(
      "postgres://db/loupe?user=a&password=***",
    );
    expect(redactDatabaseUrl("postgres://db/loupe")).toBe("postgres://db/loupe");
  });

  it("gives nothing of a URL that does not parse", () => {
    expect(redactDatabaseUrl("postgres://u:pw@[bad")).toBe("(a URL that does not parse)");
  });
});

describe("withoutSecret", () => {
  it("removes the secret as given and as URL-encoded", () => {
    expect(withoutSecret("a p@ss b p%40ss c", "p@ss")).toBe("a *** b *** c");
    expect(withoutSecret("nothing", undefined)).toBe("nothing");
  });
});

describe("STORE_ERRORS", () => {
  it("says which versions and what to do for a newer schema", () => {
    expect(STORE_ERRORS.newerSchema("/d/loupe.db", 7, 4).message).toBe(
      "The database /d/loupe.db was migrated by a newer Loupe (version 7 > 4): upgrade Loupe, or point it at another database.",
    );
  });
});
