import { studioMethods, type RunRecord, type StudioClient } from "@loupe/studio/common";
import { valuesFor, type VariableRow } from "../act/act-variables.js";
import type { StudioAction } from "../state/studio-state.js";
import type { Workspace } from "../state/workspace.js";

/**
 * What a run's inputs change in the workspace, so the panels show exactly what is being rerun: an
 * extract's schema comes back as it was sent (zod source in zod mode, a JSON Schema in JSON mode), and
 * a run without a schema empties the editor rather than leaving a schema it did not use.
 */
export function workspacePatchFor(run: RunRecord): Partial<Workspace> {
  const input = run.input;
  const text = (key: string) => (typeof input[key] === "string" ? (input[key] as string) : "");
  const flag = (key: string, fallback: boolean) =>
    typeof input[key] === "boolean" ? (input[key] as boolean) : fallback;
  switch (run.kind) {
    case "act": {
      const timeout = actTimeoutOf(run);
      return { url: run.url, act: { instruction: text("instruction"), ...(timeout ? { timeout } : {}) } };
    }
    case "fetch": {
      const format = input["format"];
      return {
        fetch: {
          url: text("url"),
          format: format === "raw" || format === "json" || format === "markdown" ? format : "raw",
          schema: input["schema"] ? JSON.stringify(input["schema"], null, 2) : "",
          proxies: flag("proxies", false),
          allowRedirects: flag("allowRedirects", false),
          allowInsecureSsl: flag("allowInsecureSsl", false),
          metadata: flag("metadata", false),
        },
      };
    }
    case "extract": {
      const options = (input["options"] ?? {}) as Workspace["options"];
      return { url: run.url, instruction: text("instruction"), options, schema: schemaOf(input["schema"]) };
    }
  }
}

/** An extract's kept `schema` param as the editor shows it. */
export function schemaOf(schema: unknown): Workspace["schema"] {
  const sent = (schema ?? {}) as { kind?: unknown; source?: unknown; value?: unknown };
  if (sent.kind === "zod" && typeof sent.source === "string") return { mode: "zod", source: sent.source };
  if (sent.kind === "json" && sent.value !== undefined)
    return { mode: "json", source: JSON.stringify(sent.value, null, 2) };
  return { mode: "zod", source: "" };
}

/** The timeout an act run had, if any. */
function actTimeoutOf(run: RunRecord): number | undefined {
  const timeout = (run.input["options"] as { timeout?: unknown } | undefined)?.timeout;
  return typeof timeout === "number" ? timeout : undefined;
}

/** The names of the variables an act run used (the history keeps them, never their values). */
export function variableNamesOf(run: RunRecord): string[] {
  const names = run.kind === "act" ? run.input["variableNames"] : undefined;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === "string") : [];
}

/**
 * Reruns a kept run: loads its inputs into the workspace, brings the tab back to the page it ran on
 * (extract, act), and calls the same method with the same params. The new run arrives in the history.
 * An act's variables take their values from the Act panel's rows (`variables`): for a name without a row,
 * an empty row is added there and the rerun stops with an error that says to fill it in.
 */
export async function rerun(
  run: RunRecord,
  client: StudioClient,
  dispatch: (action: StudioAction) => void,
  variables: VariableRow[],
): Promise<void> {
  const names = variableNamesOf(run);
  const values = valuesFor(names, variables);
  if ("missing" in values) {
    dispatch({ type: "workspace.load-run", patch: workspacePatchFor(run) });
    dispatch({
      type: "variables.set",
      variables: [...variables, ...values.missing.map((name) => ({ name, value: "" }))],
    });
    throw new Error(
      `This act used ${values.missing.map((name) => `%${name}%`).join(", ")}: the history keeps variables' names, not their values. ` +
        "Enter the value under Variables in the Act panel, then rerun.",
    );
  }
  dispatch({ type: "workspace.load-run", patch: workspacePatchFor(run) });
  // The kept input is the params as sent; parsing it with the method's own schema types it again.
  if (run.kind === "fetch") {
    await client.call("fetch.run", studioMethods["fetch.run"].params.parse(run.input));
    return;
  }
  await client.call("session.navigate", { to: { url: run.url } });
  if (run.kind === "act")
    await client.call(
      "act.run",
      studioMethods["act.run"].params.parse({
        instruction: run.input["instruction"],
        ...(names.length ? values : {}),
        ...(run.input["options"] ? { options: run.input["options"] } : {}),
      }),
    );
  else
    await client.call(
      "extract.run",
      studioMethods["extract.run"].params.parse({ ...run.input, runId: crypto.randomUUID() }),
    );
}
