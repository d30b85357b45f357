/**
 * Regular expressions from a schema (`pattern`, `patternProperties`) run on RE2's linear-time engine
 * (re2js, a pure-JavaScript port: no native build), never on V8's backtracking one. The target page
 * steers the model's answer, so a pattern such as `^(a+)+$` checked by V8 against a long `aaaa…!` would
 * hold the thread for minutes; on RE2 it is milliseconds. What RE2 cannot express (backreferences,
 * lookaround) is refused with a message, before any compile.
 *
 * JSON Schema patterns are ECMAScript regular expressions. They are checked as such (with the `u`
 * flag, as ajv does), then translated to RE2 syntax: `\s` and `.` are rewritten to ECMAScript's own
 * sets (RE2's `\s` is ASCII whitespace, and its `.` matches `\r`), `\uXXXX` and named groups by re2js.
 */
import { RE2JS } from "re2js";
import { SCHEMA_LIMITS } from "./schema-limits.js";

/** ECMAScript's `\s`, as class contents. */
const JS_WHITESPACE =
  "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
/** ECMAScript's `.` without the `s` flag: anything but a line terminator. */
const JS_DOT = "[^\\n\\r\\u2028\\u2029]";

/** An ajv `code.regExp` engine: what ajv calls with each pattern of the schema it compiles. */
export interface LinearRegExpEngine {
  (pattern: string, flags: string): { test(input: string): boolean };
  code: string;
}

/**
 * Why a pattern cannot be used, or `undefined` when it can: too long, not an ECMAScript regular
 * expression, or using what the linear-time engine cannot run. Cheap (no compile).
 *
 * @param pattern - The regular expression's source, as the schema gives it.
 * @param where - Where it is, for the message: "the pattern at /properties/sku/pattern".
 */
export function regexProblem(pattern: string, where: string): string | undefined {
  const Where = where.charAt(0).toUpperCase() + where.slice(1);
  if (pattern.length > SCHEMA_LIMITS.patternLength)
    return `${Where} is ${pattern.length.toLocaleString("en-US")} characters long; the limit is ${SCHEMA_LIMITS.patternLength.toLocaleString("en-US")}. Shorten it, or describe the format in words.`;
  try {
    new RegExp(pattern, "u"); // parses only: nothing is matched, so this cannot backtrack
  } catch (error) {
    return `${Where} is not a valid regular expression (${(error as Error).message}). JSON Schema patterns are ECMAScript regular expressions.`;
  }
  const unsupported = toRe2Syntax(pattern).unsupported;
  if (unsupported)
    return (
      `${Where} (${JSON.stringify(pattern)}) uses ${unsupported}, which Loupe does not run: patterns run on a ` +
      `linear-time engine (RE2) so that no answer can make matching take exponential time. Rewrite it without ` +
      `backreferences and lookaround, or check that rule in your own code after extract.`
    );
  return undefined;
}

/**
 * The engine ajv compiles patterns with (`code: { regExp: linearRegExp }`). It throws, failing the
 * compile with the reason, for a pattern `regexProblem` refuses or whose RE2 program is over the limit.
 */
export const linearRegExp: LinearRegExpEngine = Object.assign(
  (pattern: string) => {
    const problem = regexProblem(pattern, "the pattern");
    if (problem) throw new Error(problem);
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(RE2JS.translateRegExp(toRe2Syntax(pattern).source));
    } catch (error) {
      throw new Error(
        `The pattern ${JSON.stringify(pattern)} cannot run on Loupe's linear-time engine (RE2): ${(error as Error).message}. Simplify it.`,
      );
    }
    const size = compiled.programSize();
    if (size > SCHEMA_LIMITS.patternProgram)
      throw new Error(
        `The pattern ${JSON.stringify(pattern)} compiles to ${size.toLocaleString("en-US")} instructions; the limit is ${SCHEMA_LIMITS.patternProgram.toLocaleString("en-US")}. Large counted repetitions ({1000}) multiply: use + or * with a maxLength instead.`,
      );
    // ajv deduplicates patterns by this string.
    return { test: (input: string) => compiled.test(input), toString: () => pattern };
  },
  { code: "linearRegExp" },
);

/**
 * Rewrites an ECMAScript pattern (already known to parse with the `u` flag) where RE2 means something
 * else, and names the first construct RE2 cannot run.
 */
function toRe2Syntax(pattern: string): { source: string; unsupported?: string } {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && /[1-9]/.test(next)) return { source: out, unsupported: `a backreference (\\${next})` };
      if (next === "k") return { source: out, unsupported: "a named backreference (\\k<…>)" };
      if (next === "s") out += inClass ? JS_WHITESPACE : `[${JS_WHITESPACE}]`;
      else if (next === "S" && !inClass) out += `[^${JS_WHITESPACE}]`;
      else out += c + next;
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      out += c;
      continue;
    }
    if (c === "[") {
      inClass = true;
      out += c;
      // A `]` right after `[` or `[^` closes nothing in ECMAScript (it is an empty class); copy as is.
      continue;
    }
    if (c === "(" && pattern[i + 1] === "?") {
      const look = pattern.slice(i + 2, i + 4);
      if (look.startsWith("=") || look.startsWith("!"))
        return { source: out, unsupported: "a lookahead (?= or ?!)" };
      if (look === "<=" || look === "<!") return { source: out, unsupported: "a lookbehind (?<= or ?<!)" };
    }
    out += c === "." ? JS_DOT : c;
  }
  return { source: out };
}
