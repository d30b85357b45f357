import { matchSelectors, type MatchedElement, type PageSessions } from "@loupe/core/engine";
import type { ElementRef } from "./element-at-point.js";
import { ELEMENT_FACTS_FUNCTION, type ElementFacts } from "./element-facts.js";
import { selectorCandidates } from "./selector-candidates.js";

/** A selector for a picked element, and whether it matches that element alone. */
export interface PickedSelector {
  selector: string;
  unique: boolean;
}

/**
 * A selector Loupe's `selector` option resolves to the picked element. Each candidate (best first, see
 * `selectorCandidates`) is matched the way that option matches (every frame, every shadow root): the first that finds this
 * element alone wins; failing that, the first whose first match is this element (the option takes the
 * first match), failing that the last candidate (its XPath).
 */
export async function pickedSelector(sessions: PageSessions, element: ElementRef): Promise<PickedSelector> {
  const candidates = await candidatesFor(element);
  const matches = await matchEach(sessions, candidates);
  const isIt = (m: MatchedElement | undefined) =>
    m !== undefined && m.backendNodeId === element.backendNodeId && m.frameId === element.frameId;
  const uniqueIndex = matches.findIndex((found) => found.length === 1 && isIt(found[0]));
  if (uniqueIndex >= 0) return { selector: candidates[uniqueIndex] ?? "", unique: true };
  const firstIndex = matches.findIndex((found) => isIt(found[0]));
  if (firstIndex >= 0) return { selector: candidates[firstIndex] ?? "", unique: false };
  return { selector: candidates.at(-1) ?? "", unique: false };
}

async function candidatesFor(element: ElementRef): Promise<string[]> {
  const objectGroup = "loupe-picker";
  const { session } = element;
  const { object } = await session.send("DOM.resolveNode", {
    backendNodeId: element.backendNodeId,
    objectGroup,
  });
  try {
    const { result } = await session.send("Runtime.callFunctionOn", {
      objectId: object.objectId,
      functionDeclaration: ELEMENT_FACTS_FUNCTION,
      returnByValue: true,
    });
    const facts = result.value as ElementFacts | undefined;
    return facts ? selectorCandidates(facts) : [];
  } finally {
    await session.send("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}

/** Matches all candidates in one read of the documents; one the browser rejects matches nothing. */
async function matchEach(sessions: PageSessions, candidates: string[]): Promise<MatchedElement[][]> {
  try {
    return await matchSelectors(sessions.all(), candidates);
  } catch {
    const each = [];
    for (const candidate of candidates) {
      each.push(
        await matchSelectors(sessions.all(), [candidate]).then(
          (m) => m[0] ?? [],
          () => [],
        ),
      );
    }
    return each;
  }
}
