/** Why a session ended. */
export type EndReason = "closed" | "idle_timeout" | "browser_crashed" | "key_revoked" | "server_shutdown";

/** A session as `GET /v1/sessions/:id` reports it (before `connectUrl`, which depends on the request's host). */
export interface SessionState {
  id: string;
  region: string;
  createdAt: string;
  status: "RUNNING" | "ENDED";
  endedAt?: string;
  endReason?: EndReason;
}

/** What each end reason means, for messages to a caller whose session is gone. */
export const END_REASON_TEXT: Record<EndReason, string> = {
  closed: "it was ended with DELETE /v1/sessions/:id",
  idle_timeout:
    "it was idle (no API call and no traffic on its connectUrl) longer than the server's idle timeout",
  browser_crashed: "its browser exited unexpectedly (crashed or was killed)",
  key_revoked: "the API key that created it was revoked",
  server_shutdown: "the server shut down",
};
