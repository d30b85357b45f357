import { useMemo } from "react";
import type { RunRecord } from "@loupe/studio/common";
import { diffJson, formatPath } from "./json-diff.js";

/** What a run produced, for comparing: its output, or its error. */
function resultOf(run: RunRecord): unknown {
  return run.outcome.ok ? run.outcome.output : { error: run.outcome.error };
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}

/** The structural difference between two runs' results: `before` is the older run, `after` the newer. */
export function RunDiff({ before, after }: { before: RunRecord; after: RunRecord }) {
  const changes = useMemo(() => diffJson(resultOf(before), resultOf(after)), [before, after]);
  return (
    <section className="run-diff" aria-label="Result diff">
      <h3>
        Diff: {before.kind} {new Date(before.startedAt).toLocaleTimeString()} → {after.kind}{" "}
        {new Date(after.startedAt).toLocaleTimeString()}
      </h3>
      {changes.length === 0 ? (
        <p>The results are the same.</p>
      ) : (
        <div className="run-diff-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Change</th>
                <th scope="col">Path</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change, i) => (
                <tr key={i} className={`diff-${change.kind}`}>
                  <td>{change.kind}</td>
                  <td>
                    <code>{formatPath(change.path)}</code>
                  </td>
                  <td>{change.kind === "added" ? "" : show(change.before)}</td>
                  <td>{change.kind === "removed" ? "" : show(change.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
