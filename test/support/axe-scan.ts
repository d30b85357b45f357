import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/** One rule axe-core found broken, with where. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const require = createRequire(import.meta.url);

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is shown now and answers the serious and
 * critical violations. axe comes from the installed package, not fetched: the tests run offline.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const axe = require("axe-core") as { source: string };
  // Evaluated through the protocol, not added as a <script>: the Studio's CSP rightly refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<unknown> };
      document: unknown;
    };
    const result = (await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((node) => node.target.map(String).join(" ")),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
