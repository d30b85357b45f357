import { z } from "zod";

/**
 * A client's CDP command frame, the one thing a hosted session's client sends: checked for shape here,
 * at the boundary, before the command policy or the router reads a field of it. Only the frame is
 * checked: `method` and `params` stay open, since a client may use any method of any protocol version
 * (the policy decides which it may), so the fields the policy reads are checked there, each as it is read.
 */
const ClientCommandSchema = z.object(
  {
    id: z.int({ error: "A command needs an integer id and a method." }),
    method: z.string({ error: "A command needs an integer id and a method." }),
    // Kept as the very object the client sent: a copy would turn a "__proto__" key into a prototype.
    params: z
      .custom<Record<string, unknown>>(
        (value) => typeof value === "object" && value !== null && !Array.isArray(value),
        { error: "A command's params must be an object." },
      )
      .optional(),
    sessionId: z.string({ error: "A command's sessionId must be a string." }).optional(),
  },
  { error: "A command is a JSON object { id, method, params?, sessionId? }." },
);

/** A CDP command as a client sends it, once its frame has been checked. */
export type CdpCommand = z.infer<typeof ClientCommandSchema>;

/** The command in a client's frame, or what is wrong with the frame (for the client's error answer). */
export function parseClientCommand(text: string): CdpCommand | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "The message is not JSON.";
  }
  const parsed = ClientCommandSchema.safeParse(value);
  // Only the four fields, and a field the frame left out stays out (JSON has no undefined).
  return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? "The command is not valid.");
}
