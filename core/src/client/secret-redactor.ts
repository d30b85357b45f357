import { ClientError } from "../errors.js";

/**
 * Replaces secrets in a text with their `%name%` placeholders; `inUrl` puts the placeholder
 * percent-encoded (`%25name%25`), so a URL stays a valid URL.
 */
export type Mask = (text: string, inUrl?: boolean) => string;

/** Values shorter than this are not masked in page text: they would mask ordinary words and digits. */
const MIN_MASKED_LENGTH = 3;

/**
 * Keeps `act` variables' values out of everything sent to a model and everything returned or logged.
 * Once a value has been typed into the page it shows up in the page's own snapshot (a filled field's
 * value), so every later prompt and result of the client (or of a hosted session) has it replaced by its
 * `%name%` placeholder.
 */
export class SecretRedactor {
  private readonly secrets = new Map<string, string>();
  /** Longest values first, so a value that contains another is masked whole. */
  private ordered: [string, string][] = [];

  /** `maxValues` bounds how many values it keeps (a hosted session's redactor lives as long as it does). */
  constructor(private readonly limits: { maxValues?: number } = {}) {}

  /** How many values (in all their forms) are remembered. */
  get size(): number {
    return this.secrets.size;
  }

  /**
   * Remembers variables' values; empty and very short values are skipped (they would mask ordinary text).
   * @throws ClientError when more values than `maxValues` would be kept; nothing is remembered then.
   */
  remember(variables: Record<string, string> | undefined): void {
    const added = new Map<string, string>();
    for (const [name, value] of Object.entries(variables ?? {}))
      for (const form of formsOf(value)) if (this.secrets.get(form) !== name) added.set(form, name);
    if (!added.size) return;
    const max = this.limits.maxValues ?? Infinity;
    const total = new Set([...this.secrets.keys(), ...added.keys()]).size;
    if (total > max)
      throw new ClientError(
        `This session already remembers ${this.secrets.size} variable values to keep out of prompts and results; ` +
          `at most ${max} are kept. Reuse the same variables, or start a new session.`,
      );
    this.add(added);
  }

  /**
   * Remembers what a field holds after a variable was filled into it, when the page changed it (a card
   * number regrouped, a value cut by `maxlength`): the page shows that form from now on. One per action,
   * so not counted against `maxValues`.
   */
  rememberShown(name: string, shown: string): void {
    this.add(new Map(formsOf(shown).map((form) => [form, name])));
  }

  private add(forms: Map<string, string>): void {
    for (const [form, name] of forms) this.secrets.set(form, name);
    this.ordered = [...this.secrets].sort((a, b) => b[0].length - a[0].length);
  }

  /** The text with every remembered value replaced by its placeholder, longest values first. */
  redact(text: string, inUrl = false): string {
    let out = text;
    for (const [value, name] of this.ordered) {
      if (!out.includes(value)) continue;
      const placeholder = inUrl ? encodeURIComponent(`%${name}%`) : `%${name}%`;
      out = out.split(value).join(placeholder);
    }
    return out;
  }

  /** Whether the text holds a remembered value. */
  shows(text: string): boolean {
    return this.ordered.some(([value]) => text.includes(value));
  }
}

/**
 * A copy of plain data (objects, arrays, strings: a result, a model's answer) with every string masked;
 * a string that is a URL (a link field) gets placeholders that keep it a valid URL. Other values are
 * returned as they are.
 */
export function maskValue<T>(value: T, mask: Mask): T {
  if (typeof value === "string") return mask(value, ABSOLUTE_URL.test(value)) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => maskValue(item, mask)) as T;
  if (value !== null && typeof value === "object" && isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [mask(key), maskValue(inner, mask)]),
    ) as T;
  return value;
}

/**
 * The same error with its message, stack and data fields (a `SchemaValidationError`'s `received`, an
 * `LLMResponseError`'s `responseText`) masked, and its cause too. Errors are the caller's to log, so a
 * secret must not ride in one.
 */
export function maskError(error: unknown, mask: Mask, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const fields = error as unknown as Record<string, unknown>;
  try {
    error.message = mask(error.message);
    if (error.stack) error.stack = mask(error.stack);
    for (const key of Object.keys(error)) {
      if (key === "cause") continue;
      fields[key] = maskValue(fields[key], mask);
    }
  } catch {
    // A read-only field (a frozen error from a dependency): the rest is still masked.
  }
  if (error.cause !== undefined) {
    const cause = maskError(error.cause, mask, depth + 1);
    if (cause !== error.cause) Object.defineProperty(error, "cause", { value: cause, configurable: true });
  }
  return error;
}

/**
 * The forms a value takes where Loupe may meet it: as typed, with runs of white space collapsed (as the
 * snapshot shows text), and percent-encoded (in a URL the page built from it). Too short ones are left out.
 */
function formsOf(value: string): string[] {
  const forms = new Set([value, value.replace(/\s+/g, " ").trim(), encodeURIComponent(value)]);
  return [...forms].filter((form) => form.length >= MIN_MASKED_LENGTH);
}

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\/\S*$/i;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
