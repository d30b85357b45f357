import { ClientEvalError } from "../errors.js";
import { CdpCommandError } from "./cdp-connection.js";
import type { Protocol } from "./cdp-protocol.js";
import type { TargetSession } from "./page-sessions.js";

/** What `Runtime.callFunctionOn` answers, with the type the function's value has when returned by value. */
export type CallFunctionResult<T> = Omit<Protocol.Runtime.CallFunctionOnResponse, "result"> & {
  result: Omit<Protocol.Runtime.RemoteObject, "value"> & { value?: T };
};

/**
 * Runs a function in the page on a remote object (`Runtime.callFunctionOn`). A protocol failure — the
 * object's context gone, the frame navigated — is a `ClientEvalError`; an exception thrown by the function
 * itself comes back in `exceptionDetails` for the caller to judge.
 */
export async function callFunctionOn<T>(
  session: TargetSession,
  params: Protocol.Runtime.CallFunctionOnRequest,
): Promise<CallFunctionResult<T>> {
  try {
    // The value is whatever the function returned: its caller knows what that is.
    return (await session.send("Runtime.callFunctionOn", params)) as CallFunctionResult<T>;
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
