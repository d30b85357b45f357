import { ServiceError } from "../errors/service-error.js";
import type { SessionRegistry } from "../sessions/session-registry.js";
import type { ForwardTarget } from "../instances/forward-request.js";
import { ownerNotAnswering } from "../instances/forwarded-headers.js";
import type { InstanceRegistry } from "../instances/instance-registry.js";

/** What finding a session's owner needs. */
export interface SessionOwnerDependencies {
  sessions: SessionRegistry;
  instances: InstanceRegistry;
}

/**
 * The instance a request about a project's session must go to, or undefined to answer it here: when
 * this instance runs the session, when the request was already forwarded once (never twice), and when
 * the store has the session unknown (404 here), ended (its state or 409 here), from before instances,
 * or RUNNING on an instance that is dead. That last one's sessions are recorded as ended at once
 * rather than at the next sweep, so the caller hears the session ended (`server_shutdown`) instead of
 * waiting on a forward that cannot answer. Lookups are project-scoped, like every other: another
 * project's session id is answered 404 here, whichever instance runs it.
 */
export async function sessionOwner(
  deps: SessionOwnerDependencies,
  projectId: string,
  sessionId: string,
  forwardedBy: string | undefined,
): Promise<ForwardTarget | undefined> {
  if (forwardedBy !== undefined || deps.sessions.runsHere(sessionId)) return undefined;
  const stored = await deps.sessions.locate(projectId, sessionId);
  const instanceId = stored?.instanceId;
  if (stored?.state.status !== "RUNNING" || !instanceId || instanceId === deps.instances.id) return undefined;
  const owner = await deps.instances.find(instanceId);
  if (owner?.alive) {
    if (!owner.url)
      throw new ServiceError(
        503,
        "target_unreachable",
        ownerNotAnswering(sessionId, instanceId, "it is still starting"),
      );
    return { instanceId, url: owner.url, sessionId };
  }
  await deps.instances.endInstance(instanceId);
  return undefined;
}
