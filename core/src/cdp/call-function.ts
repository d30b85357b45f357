import { ClientEvalError } from "../errors.js";
import { CdpCommandError, type CdpParams } from "./cdp-connection.js";
import type { TargetSession } from "./page-sessions.js";

/** What `Runtime.callFunctionOn` answers. */
export interface CallFunctionResult<T> {
  result: { value?: T; objectId?: string };
  exceptionDetails?: { exception?: { description?: string } };
}

/**
 * Runs a function in the page on a remote object (`Runtime.callFunctionOn`). A protocol failure — the
 * object's context gone, the frame navigated — is a `ClientEvalError`; an exception thrown by the function
 * itself comes back in `exceptionDetails` for the caller to judge.
 */
export async function callFunctionOn<T>(
  session: TargetSession,
  params: CdpParams,
): Promise<CallFunctionResult<T>> {
  try {
    return await session.send<CallFunctionResult<T>>("Runtime.callFunctionOn", params);
  } catch (error) {
    if (error instanceof CdpCommandError) {
      throw new ClientEvalError(
        `Running JavaScript in the page failed: ${error.protocolMessage}. The page may have navigated; try again once it has loaded.`,
        { cause: error },
      );
    }
    throw error;
  }
}
