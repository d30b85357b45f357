/**
 * The headers instances add to what they forward to each other. `x-loupe-forwarded-by` names the
 * instance that forwarded a request: one that carries it is always answered where it arrives, never
 * forwarded again, so two instances that disagree about a session's owner cannot bounce a request
 * between them. `x-loupe-forwarded-proto` is the scheme the caller used, for the `connectUrl` the owner
 * builds (a caller who sends it themselves only changes their own answer's `connectUrl`).
 */
export const FORWARDED_BY = "x-loupe-forwarded-by";
export const FORWARDED_PROTO = "x-loupe-forwarded-proto";

/** The instance a request was forwarded by, when it was. */
export function forwardedBy(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[FORWARDED_BY];
  return Array.isArray(value) ? value[0] : value;
}

/** How long connecting to another instance may take before it counts as not answering. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The 503 for a session whose instance does not answer. */
export function ownerNotAnswering(sessionId: string, instanceId: string, why: string): string {
  return `Session "${sessionId}" runs on Loupe instance ${instanceId}, which is not answering (${why}). If that instance is gone, the session is recorded as ended once its heartbeat is overdue; retry then, or create a new session.`;
}
