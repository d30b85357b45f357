import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { StudioError } from "../common/studio-error.js";
import type { KeyStore } from "../node/key-store.js";

/** The parts of Electron's `safeStorage` the key store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which secret store backs the encryption. */
  getSelectedStorageBackend?(): string;
}

/** The file on disk: each provider's key encrypted by the OS keychain, base64. Never the plain key. */
interface KeyFile {
  version: 1;
  keys: Record<string, string>;
}

/**
 * Opens the desktop app's key store: model API keys encrypted with Electron `safeStorage` (the OS
 * keychain: Keychain on macOS, DPAPI on Windows, libsecret/KWallet on Linux) in a file under the app's
 * user-data folder. Keys are decrypted into main's memory once here, because the service reads them
 * synchronously; they never go to the renderer.
 *
 * Where the OS offers no real keychain (no encryption, or Linux's `basic_text` fallback, which is a
 * fixed password in Chromium's source), the store is not persistent: it refuses to save a key rather
 * than write one that anyone who can read the file can decrypt, and keys come from the environment.
 */
export async function openSafeStorageKeyStore(file: string, safeStorage: SafeStorageLike): Promise<KeyStore> {
  if (!keychainAvailable(safeStorage)) return new UnavailableKeyStore();
  const keys = new Map<string, string>();
  const stored = await readKeyFile(file);
  for (const [provider, encrypted] of Object.entries(stored.keys)) {
    try {
      keys.set(provider, safeStorage.decryptString(Buffer.from(encrypted, "base64")));
    } catch {
      // Encrypted under another login or keychain: unreadable here, so as good as not saved.
    }
  }
  return new SafeStorageKeyStore(file, safeStorage, keys);
}

function keychainAvailable(safeStorage: SafeStorageLike): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return safeStorage.getSelectedStorageBackend?.() !== "basic_text";
}

async function readKeyFile(file: string): Promise<KeyFile> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return { version: 1, keys: {} };
  }
  try {
    const parsed = JSON.parse(text) as Partial<KeyFile>;
    const keys: Record<string, string> = {};
    for (const [provider, value] of Object.entries(parsed.keys ?? {}))
      if (typeof value === "string") keys[provider] = value;
    return { version: 1, keys };
  } catch {
    return { version: 1, keys: {} };
  }
}

class SafeStorageKeyStore implements KeyStore {
  readonly persistent = true;
  /** Writes one at a time, in call order, so a quick set-then-delete cannot land out of order. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly safeStorage: SafeStorageLike,
    private readonly keys: Map<string, string>,
  ) {}

  get(provider: string): string | undefined {
    return this.keys.get(provider);
  }

  async set(provider: string, key: string): Promise<void> {
    this.keys.set(provider, key);
    await this.save();
  }

  async delete(provider: string): Promise<void> {
    this.keys.delete(provider);
    await this.save();
  }

  private save(): Promise<void> {
    const content: KeyFile = { version: 1, keys: {} };
    for (const [provider, key] of this.keys)
      content.keys[provider] = this.safeStorage.encryptString(key).toString("base64");
    const write = async (): Promise<void> => {
      await mkdir(dirname(this.file), { recursive: true });
      // Written aside and renamed into place, so a crash mid-write never leaves half a file.
      const temporary = `${this.file}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
      await chmod(temporary, 0o600);
      await rename(temporary, this.file);
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }
}

class UnavailableKeyStore implements KeyStore {
  readonly persistent = false;

  get(): string | undefined {
    return undefined;
  }

  async set(): Promise<void> {
    throw unavailable();
  }

  async delete(): Promise<void> {
    throw unavailable();
  }
}

function unavailable(): StudioError {
  return new StudioError(
    "keychain_unavailable",
    "This system offers no keychain to encrypt keys with (on Linux: install and unlock GNOME Keyring or " +
      "KWallet), so the Studio will not save a key. Set the provider's environment variable instead.",
  );
}
