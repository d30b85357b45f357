import { StudioError } from "../common/studio-error.js";
import { keyVariablesFor } from "./environment-keys.js";
import { modelKeyFromEnvironment } from "@loupe/core/engine";

/**
 * Where the Studio keeps model API keys, one per provider (`openai`, `anthropic`, …). Keys stay in the
 * main process: the service reads them to call the model and tells the renderer only whether one exists.
 *
 * `get` is synchronous because the model configuration is built synchronously at the start of every
 * run; an implementation backed by a file decrypts into memory when it is created.
 */
export interface KeyStore {
  /** True when `set` keeps a key across launches (the OS keychain); false when keys come from elsewhere. */
  readonly persistent: boolean;
  /** The key for a provider, or undefined. */
  get(provider: string): string | undefined;
  /** Keeps a key for a provider; refuses (a `StudioError`) where keys cannot be stored. */
  set(provider: string, key: string): Promise<void>;
  /** Forgets a provider's key; refuses where keys cannot be stored. */
  delete(provider: string): Promise<void>;
}

/**
 * The web-mode key store: keys come only from the environment the Studio was started with, so nothing a
 * browser tab sends can plant or read a key. `set` and `delete` refuse and say which variable to set.
 */
export class EnvironmentKeyStore implements KeyStore {
  readonly persistent = false;

  constructor(private readonly env: Readonly<Record<string, string | undefined>>) {}

  get(provider: string): string | undefined {
    return modelKeyFromEnvironment(provider, this.env);
  }

  async set(provider: string, _key: string): Promise<void> {
    throw readOnly(provider);
  }

  async delete(provider: string): Promise<void> {
    throw readOnly(provider);
  }
}

function readOnly(provider: string): StudioError {
  const variables = keyVariablesFor(provider).join(" or ");
  return new StudioError(
    "keys_from_environment",
    `In web mode keys come from environment variables: set ${variables} and restart the Studio.`,
  );
}
