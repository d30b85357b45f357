/**
 * The DOM engine cross-checked against Chromium's own accessibility tree (the engine Loupe used before,
 * kept as a reference in `support/ax-snapshot.ts`) on the frames/shadow fixture and every page of the
 * Readability corpus: the known values the reference shows are in the DOM engine's text, and the
 * interactive elements are the same, with the same roles and names — except for the differences listed
 * in ACCEPTED, each with why it is right (or harmless) for the model and for `act`.
 */
import { CdpConnection, PageSessions, targetIdOf } from "@loupe/core/engine";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BenchPage } from "../bench/snapshot/bench-page.js";
import { corpusPages, listCorpusCases } from "../bench/snapshot/corpus-pages.js";
import { checkKnownValues } from "../bench/snapshot/known-values.js";
import { capturePage, type PageCapture } from "../core/src/snapshot/dom-capture.js";
import { semanticPage } from "../core/src/snapshot/dom-semantics.js";
import {
  INTERACTIVE_ROLES,
  renderSnapshot,
  type SnapshotElement,
} from "../core/src/snapshot/snapshot-format.js";
import { axSemanticPage, readPageTrees } from "./support/ax-snapshot.js";
import { startHarness, type Harness } from "./support/harness.js";

/** One element on which the engines disagree; `dom` is undefined when the DOM engine left it out. */
interface Difference {
  page: string;
  id: string;
  ax: SnapshotElement;
  dom: SnapshotElement | undefined;
  /** Where the element is in the DOM capture: its box, or why it has none. */
  box: "no-node" | "not-rendered" | "empty" | "visible";
}

/** The differences accepted, each with the reason it is right. The first rule that matches names it. */
const ACCEPTED: { reason: string; matches(d: Difference): boolean }[] = [
  {
    reason:
      "zero-size: an element of zero width or height with nothing inside is not on screen (an empty icon " +
      "link, a collapsed input); Chromium keeps it in its tree, the DOM engine leaves it out, as the issue asks",
    matches: (d) => !d.dom && d.box === "empty",
  },
  {
    reason:
      "browser-owned controls: the play, mute and scrubber controls of <video>/<audio> live in Chromium's " +
      "user-agent shadow tree, which no DOM capture shows; the media element itself is listed",
    matches: (d) => !d.dom && d.box === "no-node",
  },
  {
    reason:
      "named where Chromium has no name: an unlabelled field named by its placeholder (HTML-AAM), an " +
      "element named by its title (accname 2I), or by content Chromium's tree leaves out; the model gets " +
      "more to go on, and `act` addresses the element by id either way",
    matches: (d) => d.dom !== undefined && d.dom.role === d.ax.role && !d.ax.name && !!d.dom.name,
  },
  {
    reason:
      "text-transform: the DOM engine names an input button by its `value` as written (HTML-AAM), Chromium " +
      "by the text as shown (`SUBMIT` for a value of `Submit` in an upper-case style)",
    matches: (d) =>
      d.dom !== undefined &&
      d.dom.role === d.ax.role &&
      squash(d.dom.name).toLowerCase() === squash(d.ax.name).toLowerCase(),
  },
  {
    reason:
      "name from content, with a different idea of which content counts: text Chromium keeps or drops by " +
      "its own visibility heuristics (clipped or zero-size text, an icon image's alt text, a hidden " +
      "pop-up inside a link) rather than by accname's rules; one name holds every word of the other, and " +
      "the content itself is in the snapshot's text either way. Not wrong for the model, but the DOM " +
      "engine's rule for hidden content inside a name is the place to improve",
    matches: (d) =>
      d.dom !== undefined &&
      d.dom.role === d.ax.role &&
      !!d.dom.name &&
      !!d.ax.name &&
      (holdsWords(d.dom.name, d.ax.name) || holdsWords(d.ax.name, d.dom.name)),
  },
];

let h: Harness;
let connection: CdpConnection;
const differences: (Difference & { reason?: string })[] = [];
/** Interactive elements of the reference compared so far. */
let compared = 0;

beforeAll(async () => {
  h = await startHarness();
  connection = await CdpConnection.connect(h.client.connectURL());
});
afterAll(async () => {
  connection?.close();
  await h?.close();
});

const FIXTURE_DIR = fileURLToPath(new URL("./fixtures/frames-shadow/", import.meta.url));

async function fixture(): Promise<BenchPage> {
  const knownValues = JSON.parse(await readFile(join(FIXTURE_DIR, "known-values.json"), "utf8")) as string[];
  return { name: "fixture", kind: "fixture", url: `${h.servers.originA}/frames-shadow/`, knownValues };
}

/** Reads one page with both engines; returns the known values only the reference shows. */
async function compare(benchPage: BenchPage): Promise<string[]> {
  const page = await h.client.context.newPage();
  let sessions: PageSessions | undefined;
  try {
    await page.goto(benchPage.url, { waitUntil: "load", timeout: 30_000 });
    sessions = await PageSessions.attach(connection, await targetIdOf(page));
    const ordinalOf = (frameId: string) => sessions!.ordinalOf(frameId);
    // The reference between two DOM reads: an element the page changed in between is not compared.
    const before = await capturePage(sessions.all());
    const ax = renderSnapshot(axSemanticPage(await readPageTrees(sessions.all())), ordinalOf);
    const after = await capturePage(sessions.all());
    const dom = renderSnapshot(semanticPage(after), ordinalOf);
    const domBefore = renderSnapshot(semanticPage(before), ordinalOf);
    const stable = (id: string) => sameElement(domBefore.elements.get(id), dom.elements.get(id));

    for (const [id, axElement] of ax.elements) {
      if (!INTERACTIVE_ROLES.has(axElement.role) || !stable(id)) continue;
      compared++;
      const domElement = dom.elements.get(id);
      if (
        domElement &&
        domElement.role === axElement.role &&
        squash(domElement.name) === squash(axElement.name)
      )
        continue;
      const difference: Difference = {
        page: benchPage.name,
        id,
        ax: axElement,
        dom: domElement,
        box: boxOf(after, axElement),
      };
      differences.push({ ...difference, reason: ACCEPTED.find((rule) => rule.matches(difference))?.reason });
    }
    for (const [id, domElement] of dom.elements) {
      if (!INTERACTIVE_ROLES.has(domElement.role) || ax.elements.has(id) || !stable(id)) continue;
      differences.push({
        page: benchPage.name,
        id,
        ax: { ...domElement, role: "(none)", name: "" },
        dom: domElement,
        box: "visible",
      });
    }
    const shownByReference = checkKnownValues(ax.text, benchPage.knownValues);
    const shownByDom = checkKnownValues(dom.text, benchPage.knownValues);
    return shownByDom.missing.filter((value) => !shownByReference.missing.includes(value));
  } finally {
    await sessions?.detach();
    await page.close();
  }
}

describe("the DOM engine against Chromium's accessibility tree", () => {
  it("the frames/shadow fixture: every known value, the same interactive elements", async () => {
    expect(await compare(await fixture())).toEqual([]);
    expect(differences.filter((d) => d.page === "fixture")).toEqual([]);
  });

  it("every Readability corpus page: the known values the reference shows, the same interactive elements but for the accepted differences", async () => {
    const cases = await listCorpusCases();
    if (!cases.length) return; // The corpus sits beside the repository; without it there is nothing to compare.
    const pages = await corpusPages(h.servers, cases, h.page);
    const missingValues: string[] = [];
    for (const page of pages) {
      for (const value of await compare(page)) missingValues.push(`${page.name}: ${value}`);
    }
    expect(missingValues).toEqual([]);
    const unexplained = differences
      .filter((d) => !d.reason)
      .map(
        (d) =>
          `${d.page} [${d.id}] ${d.ax.role}: ${d.ax.name} → ${d.dom ? `${d.dom.role}: ${d.dom.name}` : `left out (${d.box})`}`,
      );
    expect(unexplained).toEqual([]);
    // The accepted differences stay rare (1.6% of 21,385 elements when they were listed): a rule that
    // starts to cover many more hides a regression.
    expect(differences.length / compared).toBeLessThan(0.03);
  }, 1_800_000);
});

function sameElement(a: SnapshotElement | undefined, b: SnapshotElement | undefined): boolean {
  return a?.role === b?.role && a?.name === b?.name;
}

function boxOf(capture: PageCapture, element: SnapshotElement): Difference["box"] {
  const document = capture.frames.get(element.frameId)?.document;
  const index = document ? document.snapshot.nodes.backendNodeId.indexOf(element.backendNodeId) : -1;
  if (!document || index < 0) return "no-node";
  if (document.layout[index]! < 0) return "not-rendered";
  return document.hasEmptyBox(index) ? "empty" : "visible";
}

/** Whether every word of `part` is among the words of `whole` (case aside). */
function holdsWords(whole: string, part: string): boolean {
  const words = new Set(whole.toLowerCase().split(/\s+/));
  return part
    .toLowerCase()
    .split(/\s+/)
    .every((word) => words.has(word));
}

function squash(text: string): string {
  return text.replace(/\s+/g, "");
}
