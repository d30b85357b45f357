import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
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
  constructor(private readonly db: CloudDatabase) {}

  /** The project named `name`, created if it does not exist yet. */
  ensureProject(name: string): Project {
    const existing = this.db.get("select id, name from projects where name = ?", [name]) as Project | null;
    if (existing) return existing;
    const project = { id: `prj_${randomUUID()}`, name };
    this.db.run("insert into projects (id, name, created_at) values (?, ?, ?)", [project.id, name, now()]);
    return project;
  }

  /** Creates a key for a project (creating the project too); the only time the key is ever visible. */
  createKey(projectName: string): { key: string; id: string; project: Project } {
    const project = this.ensureProject(projectName);
    const key = KEY_PREFIX + randomBytes(32).toString("base64url");
    const id = `key_${randomUUID()}`;
    this.db.run("insert into api_keys (id, project_id, prefix, hash, created_at) values (?, ?, ?, ?, ?)", [
      id,
      project.id,
      key.slice(0, LOOKUP_LENGTH),
      hash(key),
      now(),
    ]);
    return { key, id, project };
  }

  /** The project a key belongs to, or undefined for an unknown or revoked key. */
  verify(key: string): Project | undefined {
    return this.holder(key)?.project;
  }

  /** The project and id of a key, or undefined for an unknown or revoked key. */
  holder(key: string): KeyHolder | undefined {
    if (!key.startsWith(KEY_PREFIX) || key.length < LOOKUP_LENGTH + 8) return undefined;
    const candidates = this.db.all(
      `select k.id as keyId, k.hash as hash, p.id as id, p.name as name
       from api_keys k join projects p on p.id = k.project_id
       where k.prefix = ? and k.revoked_at is null`,
      [key.slice(0, LOOKUP_LENGTH)],
    ) as { keyId: string; hash: Uint8Array; id: string; name: string }[];
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
  revokedAmong(keyIds: readonly string[]): string[] {
    if (keyIds.length === 0) return [];
    const rows = this.db.all(
      `select id from api_keys where revoked_at is not null and id in (${keyIds.map(() => "?").join(", ")})`,
      [...keyIds],
    ) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Revokes a key by its id or by the key itself; true when a key was revoked. */
  revoke(idOrKey: string): boolean {
    const row = idOrKey.startsWith(KEY_PREFIX)
      ? (this.db.get("select id from api_keys where hash = ?", [hash(idOrKey)]) as { id: string } | null)
      : (this.db.get("select id from api_keys where id = ?", [idOrKey]) as { id: string } | null);
    if (!row) return false;
    this.db.run("update api_keys set revoked_at = coalesce(revoked_at, ?) where id = ?", [now(), row.id]);
    return true;
  }

  /** A project's keys, newest first. */
  list(projectName: string): ApiKeyInfo[] {
    return this.db.all(
      `select k.id as id, k.prefix as prefix, k.created_at as createdAt, k.revoked_at as revokedAt
       from api_keys k join projects p on p.id = k.project_id where p.name = ? order by k.created_at desc`,
      [projectName],
    ) as unknown as ApiKeyInfo[];
  }
}

function hash(key: string): Buffer {
  return createHash("sha256").update(key).digest();
}

function now(): string {
  return new Date().toISOString();
}
