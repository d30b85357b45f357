/** What `act` can do to one element, and what each method takes. */
export const ACT_METHODS = [
  "click",
  "doubleClick",
  "hover",
  "fill",
  "type",
  "press",
  "selectOption",
  "check",
  "uncheck",
  "scrollIntoView",
  "scroll",
] as const;

export type ActMethod = (typeof ACT_METHODS)[number];

/** The one argument a method takes, in words for the model; methods missing here take none. */
export const METHOD_ARGUMENT: Partial<Record<ActMethod, string>> = {
  fill: "the text that replaces the field's value",
  type: "the text to append, key by key",
  press: "the key or combination, like Enter, Tab, Escape, ArrowDown, a, Control+A",
  selectOption: "the label of the option to choose",
  scroll: "how far, as a fraction of the visible height: 1 is one screen down, -0.5 half a screen up",
};

/** Whether `value` names a method. */
export function isActMethod(value: unknown): value is ActMethod {
  return typeof value === "string" && (ACT_METHODS as readonly string[]).includes(value);
}
