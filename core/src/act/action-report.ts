import type { Mask } from "../client/secret-redactor.js";
import type { ActionDone } from "./perform-action.js";

/** An action's arguments as the model wrote them (`%name%` placeholders) and as performed (values in). */
export interface ActArguments {
  written: string[];
  filled: string[];
}

/**
 * The mask for one act call: every argument that variables filled goes back to its placeholders (whatever
 * its length), then the client's redactor masks every value remembered so far. Whatever the call returns,
 * logs or throws passes through it.
 */
export function callMask(args: ActArguments, redact: Mask): Mask {
  const filled = args.filled
    .map((value, i) => [value, args.written[i] ?? ""] as const)
    .filter(([value, written]) => value !== written && value !== "")
    .sort((a, b) => b[0].length - a[0].length);
  return (text, inUrl) => {
    let out = text;
    for (const [value, written] of filled) out = out.split(value).join(inUrl ? encodeURI(written) : written);
    return redact(out, inUrl);
  };
}

/**
 * What an action did, in words a caller may log: a field's value is quoted only when every secret in it
 * can be masked. A password field's value is never quoted, nor one the page changed from what a variable
 * typed (cut by `maxlength`, reformatted), since part of a secret would pass every mask.
 */
export function describeDone(done: ActionDone, args: ActArguments, mask: Mask): string {
  if (!done.holds) return mask(done.did);
  const { value, password } = done.holds;
  const length = `${[...value].length} character${[...value].length === 1 ? "" : "s"}`;
  const typed = args.filled[0] ?? "";
  const fromVariable = typed !== (args.written[0] ?? "");
  let holds: string;
  if (password) holds = `${length} (a password field: not shown)`;
  else if (fromVariable && !value.includes(typed))
    holds = `${length}, not what was typed (the page may limit or reformat the field; not shown, since a variable was typed)`;
  else holds = JSON.stringify(mask(value));
  return `${mask(done.did)}; it now holds ${holds}`;
}

/**
 * The field's new value when a fill of one `%name%` placeholder left something other than the value in
 * it (the page regrouped or cut it): that form of the secret is what the page shows from now on.
 */
export function changedSecret(
  method: string,
  done: ActionDone,
  args: ActArguments,
): { name: string; shown: string } | undefined {
  const placeholder = /^%([A-Za-z_][\w-]*)%$/.exec(args.written[0] ?? "");
  const typed = args.filled[0] ?? "";
  const value = done.holds?.value ?? "";
  if (method !== "fill" || !placeholder?.[1] || typed === args.written[0] || !value.trim()) return undefined;
  return value.includes(typed) ? undefined : { name: placeholder[1], shown: value };
}
