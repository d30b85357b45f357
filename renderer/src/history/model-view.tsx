import { useState } from "react";
import type { KeptText, ModelCall, ModelTranscript } from "@loupe/studio/common";
import { CopyButton } from "../export/copy-button.js";
import "./model-view.css";

/** A block longer than this shows its first lines until expanded. */
const COLLAPSED_LINES = 12;
const COLLAPSED_CHARS = 2_000;

/**
 * What the model saw during a run: each call in order with its system prompt, the messages as sent
 * (secrets were masked before sending), its schema and its raw answer, each block copyable.
 */
export function ModelView({ transcript }: { transcript: ModelTranscript | undefined }) {
  return (
    <section className="model-view" aria-label="What the model saw">
      <h4>Model</h4>
      {!transcript ? (
        <p className="hint">
          Nothing the model saw is kept for this run: it asked no model, or it is older than the newest 20
          runs.
        </p>
      ) : (
        <>
          {transcript.calls.length === 0 ? <p className="hint">This run made no model call.</p> : null}
          <ol className="model-calls">
            {transcript.calls.map((call, index) => (
              <CallView key={index} call={call} title={callTitle(call, index)} />
            ))}
          </ol>
          {transcript.droppedCalls ? (
            <p className="hint">
              {transcript.droppedCalls} more call(s) were made; only the first {transcript.calls.length} are
              kept.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function CallView({ call, title }: { call: ModelCall; title: string }) {
  return (
    <li className="model-call">
      <article aria-label={title}>
        <h5>
          {title}
          <span className="model-call-cost">
            {call.usage ? `${call.usage.inputTokens} in / ${call.usage.outputTokens} out tokens · ` : ""}
            {Math.round(call.ms)} ms
          </span>
        </h5>
        <TextBlock label="System" owner={title} text={call.system} />
        {call.messages.map((message, m) =>
          message.parts.map((part, p) =>
            part.type === "text" ? (
              <TextBlock key={`${m}-${p}`} label={roleLabel(message.role)} owner={title} text={part} />
            ) : (
              <p key={`${m}-${p}`} className="model-attachment">
                {roleLabel(message.role)}: {part.type} ({part.mediaType}, {formatBytes(part.bytes)}; not kept)
              </p>
            ),
          ),
        )}
        {call.schema ? <TextBlock label="Schema" owner={title} text={call.schema} /> : null}
        {call.response ? <TextBlock label="Response" owner={title} text={call.response} /> : null}
        {call.error ? (
          <p className="error" role="note">
            The call failed: {call.error}
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** One block of text: its label, a copy button, and its first lines until expanded when long. */
function TextBlock({ label, owner, text }: { label: string; owner: string; text: KeptText }) {
  const [expanded, setExpanded] = useState(false);
  const lines = text.text.split("\n");
  const long = lines.length > COLLAPSED_LINES || text.text.length > COLLAPSED_CHARS;
  const shown =
    long && !expanded ? lines.slice(0, COLLAPSED_LINES).join("\n").slice(0, COLLAPSED_CHARS) : text.text;
  const name = `${label} of ${owner.charAt(0).toLowerCase()}${owner.slice(1)}`;
  return (
    <div className="model-block" role="group" aria-label={name}>
      <div className="model-block-head">
        <span className="model-block-label">{label}</span>
        <span className="model-block-size">{lines.length} line(s)</span>
        <CopyButton text={text.text} label={`Copy ${name.charAt(0).toLowerCase()}${name.slice(1)}`} />
        {long ? (
          <button type="button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? "Collapse" : `Show all ${lines.length} lines`}
          </button>
        ) : null}
      </div>
      {/* Focusable so a long block scrolls from the keyboard. */}
      <pre tabIndex={0} aria-label={`${name}, text`}>
        {shown}
        {long && !expanded ? "\n…" : ""}
      </pre>
      {text.clippedChars ? (
        <p className="hint">
          Clipped: {text.clippedChars.toLocaleString()} more characters were sent but not kept.
        </p>
      ) : null}
    </div>
  );
}

function callTitle(call: ModelCall, index: number): string {
  const what = call.combine ? "combining the parts" : call.repair ? "repair turn" : "first answer";
  const part = call.part ? `, part ${call.part.index + 1} of ${call.part.count}` : "";
  return `Call ${index + 1}: ${what}${part} · ${call.kind === "json" ? "JSON" : "text"}`;
}

function roleLabel(role: string): string {
  return role === "user" ? "User" : role === "assistant" ? "Assistant (earlier answer)" : role;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
