import { appendChild, type LightElement } from "./light-dom.js";

/**
 * Builds a chain of elements `depth` deep under `parent`, without recursion, for the tests that show a
 * pass stays linear on a hostile page: `make(i, level)` gives level i's element (it may add text to it,
 * or siblings to `level`), which goes under `level`. Returns the deepest element.
 */
export function nest(
  parent: LightElement,
  depth: number,
  make: (i: number, level: LightElement) => LightElement,
): LightElement {
  let level = parent;
  for (let i = 0; i < depth; i++) {
    const el = make(i, level);
    appendChild(level, el);
    level = el;
  }
  return level;
}
