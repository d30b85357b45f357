/** Every message the schema sandbox shows a person, in one place. Each says what to change. */
export const sandboxMessages = {
  tooLong: (max: number) => `The schema is longer than ${max} characters: a schema is a page of code.`,
  timeLimit: (ms: number) => `The schema code ran past the ${ms} ms time limit (an endless loop?).`,
  memoryLimit: (mb: number) =>
    `The schema code used more than ${mb} MB of memory: build the schema, not data.`,
  engineStopped:
    "The schema code stopped the sandbox's JavaScript engine (a recursion too deep?): simplify it.",
  sandboxStopped: "The schema sandbox stopped (out of memory?). Press Run to try again.",
  notBuilt: "The schema sandbox is not built: run `npm run build -w electron` (it bundles zod for it).",
  unreadable: "The sandbox gave an answer that is not a schema; check what the code returns.",
  thrownUnshowable: "The code threw a value that cannot be shown.",
  outputTooLarge: (max: number) =>
    `The schema's JSON Schema is longer than ${max} characters: split it or trim long descriptions.`,
  outputTooDeep: (max: number) => `The schema nests deeper than ${max} levels: flatten it.`,
  forbiddenKey: (key: string) => `The schema has a property named "${key}", which Loupe does not accept.`,
} as const;
