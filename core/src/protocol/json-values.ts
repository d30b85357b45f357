import { z } from "zod";

/** A JSON Schema as it travels: a JSON object (its content is checked where it is compiled). */
export const jsonSchemaObject = z.record(z.string(), z.unknown(), {
  error: "must be a JSON Schema object",
});
