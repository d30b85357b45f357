import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import { LAUNCH_PATH } from "../common/web-mode.js";

/** How long a launch code stays good: long enough for a browser to start, short enough to be useless later. */
const CODE_LIFETIME_MS = 60_000;

/**
 * One-time launch codes. The app-mode window's address sits on its browser's command line, where other
 * users of the machine can read it in the process list; so that address carries a code instead of the
 * token. The UI trades the code for the token once (POST from its own origin) and the code is gone.
 */
export class LaunchCodes {
  private readonly codes = new Map<string, number>();

  constructor(private readonly token: string) {}

  /** A new code, good for one exchange within a minute. */
  create(): string {
    const code = randomBytes(18).toString("base64url");
    this.codes.set(code, Date.now() + CODE_LIFETIME_MS);
    return code;
  }

  /** The token for a good code (which is spent), else undefined. */
  redeem(code: string): string | undefined {
    const expires = this.codes.get(code);
    this.codes.delete(code);
    return expires !== undefined && expires >= Date.now() ? this.token : undefined;
  }

  /**
   * Answers `POST /studio-launch` with `{ code }`: 200 `{ token }` once, 403 after. Only the UI's own
   * origin may ask (a browser always sends Origin on a POST), so another site cannot trade a code.
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
