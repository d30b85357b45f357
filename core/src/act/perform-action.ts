import { callFunctionOn } from "../cdp/call-function.js";
import { CdpCommandError } from "../cdp/cdp-connection.js";
import type { TargetSession } from "../cdp/page-sessions.js";
import type { ActMethod } from "./act-methods.js";
import { elementPoint, viewportSize, type ViewportPoint } from "./element-point.js";
import {
  CARET_TO_END,
  CHECKED_STATE,
  EDITABLE_CHECK,
  HIT_TEST,
  IS_CONNECTED,
  SELECT_ALL,
  SELECT_OPTION,
  VALUE_OF,
  VISIBLE_HEIGHT,
} from "./element-scripts.js";
import {
  clickAt,
  insertText,
  moveTo,
  pressKey,
  typeText,
  unknownKeyReason,
  wheelAt,
} from "./input-events.js";

/** The element an action is aimed at. */
export interface ActionTarget {
  /** The session that owns the element's frame. */
  session: TargetSession;
  backendNodeId: number;
  role: string;
  /** The page's own session, which input events go through. */
  root: TargetSession;
}

/** An action that could not be performed, with the reason in words (`it is covered by div#cookie-banner`). */
export class ActionFailure extends Error {}

/**
 * What an action did, in words (`clicked it`), and for fill and type what the field holds now. The value
 * is kept apart from the words: it may hold a variable's secret, which only the caller can mask.
 */
export interface ActionDone {
  did: string;
  holds?: { value: string; password: boolean };
}

/**
 * Performs one method on one element with real input events, after checking what a person would see:
 * that the element is still there, has a box, is not covered, and is editable when text goes in.
 * Resolves with what was done; rejects with `ActionFailure` saying why not.
 */
export async function performAction(
  target: ActionTarget,
  method: ActMethod,
  args: string[],
): Promise<ActionDone> {
  const did = await perform(target, method, args);
  return typeof did === "string" ? { did } : did;
}

async function perform(
  target: ActionTarget,
  method: ActMethod,
  args: string[],
): Promise<string | ActionDone> {
  const objectGroup = `loupe-act-${nextGroup++}`;
  const objectId = await resolve(target, objectGroup);
  const run = <T>(fn: string, ...values: unknown[]) => evaluate<T>(target.session, objectId, fn, values);
  try {
    // A node the page has just removed still resolves while it lives; acting on it would reach nothing.
    if (!(await run<boolean>(IS_CONNECTED))) throw new ActionFailure(GONE);
    switch (method) {
      case "click":
      case "doubleClick":
      case "hover": {
        const point = await reachablePoint(target, run);
        if (method === "hover") await moveTo(target.root, point);
        else await clickAt(target.root, point, method === "doubleClick" ? 2 : 1);
        return method === "hover"
          ? "hovered over it"
          : method === "click"
            ? "clicked it"
            : "double-clicked it";
      }
      case "check":
      case "uncheck": {
        const want = method === "check";
        const before = await run<boolean | null>(CHECKED_STATE);
        if (before === null)
          throw new ActionFailure("it has no checked state (not a checkbox, radio or switch)");
        if (before === want) return `it was already ${want ? "checked" : "unchecked"}`;
        await clickAt(target.root, await reachablePoint(target, run));
        if ((await run<boolean | null>(CHECKED_STATE)) !== want)
          throw new ActionFailure(`clicking it did not ${method} it (the page may prevent the change)`);
        return want ? "checked it" : "unchecked it";
      }
      case "fill":
      case "type": {
        const text = args[0] ?? "";
        const reason = await run<string>(EDITABLE_CHECK);
        if (reason) throw new ActionFailure(reason);
        if (method === "fill") await run(SELECT_ALL);
        else if (!(await run<boolean>(CARET_TO_END))) await pressKey(target.root, "End");
        if (method === "type") await typeText(target.root, text);
        else if (text) await insertText(target.root, text);
        else await pressKey(target.root, "Delete");
        return {
          did: method === "fill" ? "filled it" : "typed into it",
          holds: await run<{ value: string; password: boolean }>(VALUE_OF),
        };
      }
      case "press": {
        const key = args[0];
        if (!key) throw new ActionFailure("press needs a key, like Enter");
        const unknownKey = unknownKeyReason(key);
        if (unknownKey) throw new ActionFailure(unknownKey);
        if (target.role !== "RootWebArea")
          await target.session.send("DOM.focus", { backendNodeId: target.backendNodeId }).catch(() => {});
        await pressKey(target.root, key);
        return `pressed ${key}`;
      }
      case "selectOption": {
        const result = await run<{ chosen?: string; error?: string }>(SELECT_OPTION, args[0] ?? "");
        if (result.error) throw new ActionFailure(result.error);
        return `chose "${result.chosen}"`;
      }
      case "scrollIntoView":
        await target.session.send("DOM.scrollIntoViewIfNeeded", { backendNodeId: target.backendNodeId });
        return "scrolled it into view";
      case "scroll": {
        const fraction = Number(args[0] ?? "1");
        if (!Number.isFinite(fraction) || fraction === 0)
          throw new ActionFailure(`"${args[0]}" is not a scroll fraction (like 1, 0.5 or -1)`);
        const height = await run<number>(VISIBLE_HEIGHT);
        const point =
          target.role === "RootWebArea"
            ? await viewportMiddle(target.root)
            : await reachablePoint(target, run, true);
        await wheelAt(target.root, point, Math.round(fraction * height));
        return `scrolled ${fraction > 0 ? "down" : "up"} by ${Math.abs(fraction)} of its visible height`;
      }
    }
  } finally {
    await target.session.send("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}

let nextGroup = 0;

const GONE = "it is no longer in the page (it was removed or replaced)";

async function resolve(target: ActionTarget, objectGroup: string): Promise<string> {
  try {
    const { object } = await target.session.send("DOM.resolveNode", {
      backendNodeId: target.backendNodeId,
      objectGroup,
    });
    if (object.objectId) return object.objectId;
  } catch (error) {
    if (error instanceof CdpCommandError) throw new ActionFailure(GONE);
    throw error;
  }
  throw new ActionFailure(GONE); // A node with no object to hold: nothing to act on.
}

async function evaluate<T>(
  session: TargetSession,
  objectId: string,
  fn: string,
  values: unknown[],
): Promise<T> {
  const { result, exceptionDetails } = await callFunctionOn<T>(session, {
    objectId,
    functionDeclaration: fn,
    arguments: values.map((value) => ({ value })),
    returnByValue: true,
  });
  if (exceptionDetails)
    throw new ActionFailure(
      `the page threw: ${exceptionDetails.exception?.description?.split("\n")[0] ?? "an error"}`,
    );
  return result.value as T;
}

/** The element's middle in page coordinates, once it is in view and nothing covers it. */
async function reachablePoint(
  target: ActionTarget,
  run: <T>(fn: string) => Promise<T>,
  allowCovered = false,
): Promise<ViewportPoint> {
  let point;
  try {
    point = await elementPoint(target.session, target.backendNodeId);
  } catch (error) {
    if (error instanceof CdpCommandError)
      throw new ActionFailure("it has no box on screen (hidden or not laid out)");
    throw error;
  }
  if (!point) throw new ActionFailure("it has no box on screen (hidden or zero-sized)");
  if (!allowCovered) {
    const covered = await run<string>(HIT_TEST);
    if (covered) throw new ActionFailure(covered);
  }
  return point;
}

async function viewportMiddle(root: TargetSession): Promise<ViewportPoint> {
  const { width, height } = await viewportSize(root);
  return { x: width / 2, y: height / 2 };
}
