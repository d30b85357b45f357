import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import { LAUNCH_PATH } from "../common/web-mode.js";

/** How long a launch code stays good: long enough for a browser to start, short enough to be useless later. */
const CODE_LIFETIME_MS = 60_000;

/** A code just made: `settled` resolves once it can no longer be traded (traded, or expired). */
export interface LaunchCode {
  code: string;
  settled: Promise<"traded" | "expired">;
}

/**
 * One-time launch codes, for a browser the launcher starts on the person's behalf. Neither the token nor
 * a code ever goes on a command line (other users of the machine read those in the process list): the
 * launcher hands the code over in a file only its user can read, and the UI trades the code for the
 * token once (POST `{ code }`), and the code is gone. A code is a secret as strong as the token (144
 * random bits) and is good for a minute; holding it, not where a request comes from, is what counts.
 */
export class LaunchCodes {
  private readonly codes = new Map<
    string,
    { expires: number; settle: (how: "traded" | "expired") => void; timer: NodeJS.Timeout }
  >();

  constructor(private readonly token: string) {}

  /** A new code, good for one exchange within a minute. */
  create(): LaunchCode {
    const code = randomBytes(18).toString("base64url");
    let settle!: (how: "traded" | "expired") => void;
    const settled = new Promise<"traded" | "expired">((resolve) => (settle = resolve));
    const timer = setTimeout(() => this.spend(code, "expired"), CODE_LIFETIME_MS);
    // A pending code never keeps the process alive.
    timer.unref();
    this.codes.set(code, { expires: Date.now() + CODE_LIFETIME_MS, settle, timer });
    return { code, settled };
  }

  /** The token for a good code (which is spent), else undefined. */
  redeem(code: string): string | undefined {
    const entry = this.codes.get(code);
    if (!entry) return undefined;
    const good = entry.expires >= Date.now();
    this.spend(code, good ? "traded" : "expired");
    return good ? this.token : undefined;
  }

  /** Forgets every code (the server is closing); each settles as expired. */
  clear(): void {
    for (const code of [...this.codes.keys()]) this.spend(code, "expired");
  }

  private spend(code: string, how: "traded" | "expired"): void {
    const entry = this.codes.get(code);
    if (!entry) return;
    this.codes.delete(code);
    clearTimeout(entry.timer);
    entry.settle(how);
  }

  /**
   * Answers `POST /studio-launch` with `{ code }`: 200 `{ token }` once, 403 after. A browser always
   * sends Origin on a POST, and only the UI's own is accepted, so no other web page can even try codes;
   * a local program can send any Origin, and for it only the code itself counts.
   */
  async answer(request: IncomingMessage, response: ServerResponse, origins: string[]): Promise<void> {
    const reply = (status: number, body: object): void => {
      response
        .writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
        .end(JSON.stringify(body));
    };
    if (request.method !== "POST") return reply(405, { message: `${LAUNCH_PATH} takes POST.` });
    if (!origins.includes(request.headers.origin ?? ""))
      return reply(403, { message: "Only the Studio's own page may trade a launch code." });
    let body = "";
    for await (const chunk of request) {
      body += String(chunk);
      if (body.length > 1_000) return reply(413, { message: "A launch code is short." });
    }
    let code: unknown;
    try {
      code = (JSON.parse(body) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    const token = typeof code === "string" ? this.redeem(code) : undefined;
    if (!token)
      return reply(403, {
        message: "This launch code was used or has expired: open the address `loupe studio` printed.",
      });
    reply(200, { token });
  }
}
