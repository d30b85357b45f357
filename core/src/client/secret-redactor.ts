/**
 * Keeps `act` variables' values out of everything sent to a model. Once a value has been typed into the
 * page it shows up in the page's own snapshot (a filled field's value), so every later prompt of the
 * client, extract's included, has it replaced by its `%name%` placeholder.
 */
export class SecretRedactor {
  private readonly secrets = new Map<string, string>();

  /** Remembers variables' values; empty and very short values are skipped (they would mask ordinary text). */
  remember(variables: Record<string, string> | undefined): void {
    for (const [name, value] of Object.entries(variables ?? {})) {
      // The snapshot shows text with runs of white space collapsed: that form is masked too.
      for (const form of new Set([value, value.replace(/\s+/g, " ").trim()]))
        if (form.length >= 3) this.secrets.set(form, name);
    }
  }

  /** The text with every remembered value replaced by its placeholder, longest values first. */
  redact(text: string): string {
    if (!this.secrets.size) return text;
    let out = text;
    for (const [value, name] of [...this.secrets].sort((a, b) => b[0].length - a[0].length)) {
      out = out.split(value).join(`%${name}%`);
    }
    return out;
  }
}
