import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StudioError } from "../common/studio-error.js";
import { openSafeStorageKeyStore, type SafeStorageLike } from "./safe-storage-key-store.js";

/** A stand-in for the OS keychain: reversible, and visibly not the plain text. */
function fakeSafeStorage(backend = "gnome_libsecret", available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => Buffer.from(`enc:${Buffer.from(text).toString("hex")}`),
    decryptString: (data) => {
      const text = data.toString();
      if (!text.startsWith("enc:")) throw new Error("not ours");
      return Buffer.from(text.slice(4), "hex").toString();
    },
    getSelectedStorageBackend: () => backend,
  };
}

describe("the safeStorage key store", () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "loupe-keys-"));
    file = join(dir, "user-data", "model-keys.json");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps keys encrypted on disk, readable only by the owner, across launches", async () => {
    const store = await openSafeStorageKeyStore(file, fakeSafeStorage());
    expect(store.persistent).toBe(true);
    await store.set("openai", "sk-secret-1");
    await store.set("anthropic", "sk-ant-2");
    await store.delete("anthropic");
    const text = await readFile(file, "utf8");
    expect(text).not.toContain("sk-secret-1");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const reopened = await openSafeStorageKeyStore(file, fakeSafeStorage());
    expect(reopened.get("openai")).toBe("sk-secret-1");
    expect(reopened.get("anthropic")).toBeUndefined();
  });

  it("drops a key it cannot decrypt (another login's keychain) instead of failing to start", async () => {
    await writeFile(join(dir, "keys.json"), JSON.stringify({ version: 1, keys: { openai: "Zm9yZWlnbg==" } }));
    const store = await openSafeStorageKeyStore(join(dir, "keys.json"), fakeSafeStorage());
    expect(store.get("openai")).toBeUndefined();
  });

  it.each([
    ["no encryption at all", fakeSafeStorage("gnome_libsecret", false)],
    ["Linux's basic_text fallback (a fixed password)", fakeSafeStorage("basic_text")],
  ])("refuses to store keys with %s, and says what to do instead", async (_case, safeStorage) => {
    const store = await openSafeStorageKeyStore(file, safeStorage);
    expect(store.persistent).toBe(false);
    const error = await store.set("openai", "sk-x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioError);
    expect((error as StudioError).code).toBe("keychain_unavailable");
    expect((error as StudioError).message).toMatch(/environment variable/);
    await expect(stat(file)).rejects.toThrow();
  });
});
