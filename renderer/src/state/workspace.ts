import { z } from "zod";
import { flowSchema } from "../flow/flow-step.js";

/**
 * Where the schema source came from. Only the person's own ("typed": the starter, or what they typed) is
 * evaluated as they type; a source from a file or a kept run is shown but evaluates nothing until the
 * person edits it or presses Run — opening a file must never run its code.
 */
export type SchemaOrigin = "typed" | "file" | "run";

/** How the schema is written: zod (TypeScript) or JSON Schema. */
export const schemaModeSchema = z.enum(["zod", "json"]);

/**
 * A workspace: everything a person set up to try an extraction, saved as a plain JSON file and opened
 * again later. Unknown keys are refused on open so a typo in a hand-edited file is reported, not lost.
 */
export const workspaceSchema = z.strictObject({
  version: z.literal(1),
  url: z.string(),
  instruction: z.string(),
  schema: z.strictObject({ mode: schemaModeSchema, source: z.string() }),
  options: z.strictObject({
    model: z.string().optional(),
    timeout: z.number().int().positive().optional(),
    selector: z.string().optional(),
    ignoreSelectors: z.array(z.string()).optional(),
    screenshot: z.boolean().optional(),
  }),
  act: z.strictObject({
    instruction: z.string(),
    /** Workspaces saved before act had a timeout load without one. */
    timeout: z.number().int().positive().optional(),
  }),
  fetch: z.strictObject({
    url: z.string(),
    format: z.enum(["raw", "markdown", "json"]),
    schema: z.string(),
    proxies: z.boolean(),
    allowRedirects: z.boolean(),
    allowInsecureSsl: z.boolean(),
    /** Workspaces saved before the option existed load with it off. */
    metadata: z.boolean().default(false),
  }),
  /** Steps run as a whole and exported as one program. Workspaces saved before flows load with none. */
  flow: flowSchema.default({ steps: [] }),
});

/** A workspace, as held in the UI and saved to disk. */
export type Workspace = z.infer<typeof workspaceSchema>;
/** The schema editor's mode. */
export type SchemaMode = z.infer<typeof schemaModeSchema>;

/** The zod schema a new user starts from: it fits the bundled demo page. */
export const STARTER_ZOD_SCHEMA = `z.object({
  books: z.array(
    z.object({
      title: z.string(),
      author: z.string(),
      price: z.string().describe("with the currency sign"),
      url: z.url(),
    }),
  ),
})
`;

/** The workspace a new user starts in: the demo page and an instruction that works on it. */
export function newWorkspace(demoUrl: string): Workspace {
  return {
    version: 1,
    url: demoUrl,
    instruction: "the books on this page with their authors, prices and links",
    schema: { mode: "zod", source: STARTER_ZOD_SCHEMA },
    options: {},
    act: { instruction: "" },
    fetch: {
      url: demoUrl,
      format: "markdown",
      schema: "",
      proxies: false,
      allowRedirects: true,
      allowInsecureSsl: false,
      metadata: false,
    },
    flow: { steps: [] },
  };
}
