import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { CloudDatabase } from "./database.js";

/** A project: what keys belong to and what usage is counted against. */
export interface Project {
  id: string;
  name: string;
}

/** Who holds a verified key: its project, and which key it is (revoking it ends what it opened). */
export interface KeyHolder {
  project: Project;
  keyId: string;
}

/** A key as listed (never the key itself: only its hash is stored). */
export interface ApiKeyInfo {
  id: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

const KEY_PREFIX = "lp_";
/** The part of a key stored in clear to find its row; the rest is only ever compared as a hash. */
const LOOKUP_LENGTH = KEY_PREFIX.length + 8;

/**
 * Projects and their API keys. A key is 32 random bytes; the database keeps its SHA-256 (a key has full
 * entropy, so a slow password hash adds nothing) and compares hashes in constant time.
 */
export class ApiKeys {
  constructor(private readonly store: CloudDatabase) {}

  /** The project named `name`, created if it does not exist yet (by this instance or another at once). */
  async ensureProject(name: string): Promise<Project> {
    const existing = await this.findProject(name);
    if (existing) return existing;
    await this.store.db
      .insertInto("projects")
      .values({ id: `prj_${randomUUID()}`, name, created_at: now() })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .execute();
    const project = await this.findProject(name);
    if (!project) throw new Error(`Project "${name}" could not be created.`);
    return project;
  }

  /** Creates a key for a project (creating the project too); the only time the key is ever visible. */
  async createKey(projectName: string): Promise<{ key: string; id: string; project: Project }> {
    const project = await this.ensureProject(projectName);
    const key = KEY_PREFIX + randomBytes(32).toString("base64url");
    const id = `key_${randomUUID()}`;
    await this.store.db
      .insertInto("api_keys")
      .values({
        id,
        project_id: project.id,
        prefix: key.slice(0, LOOKUP_LENGTH),
        hash: hash(key),
        created_at: now(),
      })
      .execute();
    return { key, id, project };
  }

  /** The project a key belongs to, or undefined for an unknown or revoked key. */
  async verify(key: string): Promise<Project | undefined> {
    return (await this.holder(key))?.project;
  }

  /** The project and id of a key, or undefined for an unknown or revoked key. */
  async holder(key: string): Promise<KeyHolder | undefined> {
    if (!key.startsWith(KEY_PREFIX) || key.length < LOOKUP_LENGTH + 8) return undefined;
    const candidates = await this.store.db
      .selectFrom("api_keys as k")
      .innerJoin("projects as p", "p.id", "k.project_id")
      .select(["k.id as keyId", "k.hash as hash", "p.id as id", "p.name as name"])
      .where("k.prefix", "=", key.slice(0, LOOKUP_LENGTH))
      .where("k.revoked_at", "is", null)
      .execute();
    const digest = hash(key);
    let found: KeyHolder | undefined;
    // Every candidate is compared, matching or not, so the time does not tell which one matched.
    for (const candidate of candidates) {
      if (timingSafeEqual(Buffer.from(candidate.hash), digest))
        found = { project: { id: candidate.id, name: candidate.name }, keyId: candidate.keyId };
    }
    return found;
  }

  /** Which of these key ids have been revoked (by this process or another on the same database). */
  async revokedAmong(keyIds: readonly string[]): Promise<string[]> {
    if (keyIds.length === 0) return [];
    const rows = await this.store.db
      .selectFrom("api_keys")
      .select("id")
      .where("revoked_at", "is not", null)
      .where("id", "in", [...keyIds])
      .execute();
    return rows.map((row) => row.id);
  }

  /** Revokes a key by its id or by the key itself; true when a key was revoked. */
  async revoke(idOrKey: string): Promise<boolean> {
    const row = await this.store.db
      .selectFrom("api_keys")
      .select("id")
      .$call((query) =>
        idOrKey.startsWith(KEY_PREFIX)
          ? query.where("hash", "=", hash(idOrKey))
          : query.where("id", "=", idOrKey),
      )
      .executeTakeFirst();
    if (!row) return false;
    await this.store.db
      .updateTable("api_keys")
      .set({ revoked_at: sql<string>`coalesce(revoked_at, ${now()})` })
      .where("id", "=", row.id)
      .execute();
    return true;
  }

  /** A project's keys, newest first. */
  async list(projectName: string): Promise<ApiKeyInfo[]> {
    return this.store.db
      .selectFrom("api_keys as k")
      .innerJoin("projects as p", "p.id", "k.project_id")
      .select(["k.id as id", "k.prefix as prefix", "k.created_at as createdAt", "k.revoked_at as revokedAt"])
      .where("p.name", "=", projectName)
      .orderBy("k.created_at", "desc")
      .execute();
  }

  private async findProject(name: string): Promise<Project | undefined> {
    return this.store.db
      .selectFrom("projects")
      .select(["id", "name"])
      .where("name", "=", name)
      .executeTakeFirst();
  }
}

function hash(key: string): Buffer {
  return createHash("sha256").update(key).digest();
}

function now(): string {
  return new Date().toISOString();
}
