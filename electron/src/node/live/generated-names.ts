/**
 * Whether an id or class name looks made by a tool rather than written by a person: CSS-in-JS hashes
 * (`css-1x2y3z`, `sc-bdVaJa`, `Button_primary__3xYz1`), framework counters (`:r1:`, `ember12`,
 * `mui-42`), long hashes. Such names change with the next build or render, so a selector kept for later
 * must not lean on them.
 */
export function isGeneratedName(name: string): boolean {
  if (name.length > 40 || /^[\d-]/.test(name) || /[:«»]/.test(name)) return true;
  if (GENERATOR_PREFIX.test(name)) return true;
  // CSS modules: `local__hash` or a bare `_hash`.
  // eslint-disable-next-line regexp/no-super-linear-move -- the name is at most 40 characters here.
  if (/__[\w-]{5,}$/.test(name) && /\d/.test(name.split("__").at(-1) ?? "")) return true;
  return name.split(/[-_]+/).some(isHashLike);
}

/**
 * Whether a class says what state the element is in now (`active`, `is-open`): it comes and goes, so a
 * selector with it finds the element only while that lasts.
 */
export function isStateClass(name: string): boolean {
  return STATE_CLASSES.has(name.toLowerCase()) || /^(is|has)-/.test(name);
}

/** Prefixes of names that CSS-in-JS libraries and UI frameworks generate. */
const GENERATOR_PREFIX =
  /^(css|jss|sc|jsx|svelte|emotion|ember|ext-gen|yui|radix|headlessui|react-aria|mui|chakra|mantine|tss)[-_]/i;

const STATE_CLASSES = new Set([
  "active",
  "selected",
  "current",
  "focus",
  "focused",
  "hover",
  "hovered",
  "open",
  "opened",
  "closed",
  "disabled",
  "checked",
  "visible",
  "hidden",
  "show",
  "shown",
  "collapsed",
  "expanded",
  "loading",
  "loaded",
]);

/** A part of a name that reads as a hash: mixed letters and digits, hex, or random capitals. */
function isHashLike(part: string): boolean {
  if (part.length < 5) return false;
  const digits = part.replace(/\D/g, "").length;
  const letters = part.replace(/[^A-Za-z]/g, "").length;
  if (digits >= 2 && letters >= 1) return true;
  if (part.length >= 8 && /^[a-f\d]+$/i.test(part) && digits >= 1) return true;
  // `bdVaJa`, `kVxZbQ`: short letter runs with capitals inside, not camelCase words.
  const innerCapitals = part.slice(1).replace(/[^A-Z]/g, "").length;
  return /^[A-Za-z]{5,8}$/.test(part) && innerCapitals >= 2 && /[A-Z][a-z][A-Z]|[a-z][A-Z]{2}/.test(part);
}
