import type { StudioState } from "../state/studio-state.js";

/** The element the picker chose: its selector (now the extract `selector` option) and its snapshot part. */
export function PickedElement({
  picked,
  onClear,
}: {
  picked: NonNullable<StudioState["picked"]>;
  onClear: () => void;
}) {
  return (
    <section className="picked-element" aria-label="Picked element">
      <header>
        <strong>Picked</strong>
        <code aria-label="Picked selector">{picked.selector}</code>
        <button type="button" onClick={onClear}>
          Clear
        </button>
      </header>
      <pre aria-label="Picked element snapshot">
        {picked.snapshot || "(this element has no text of its own)"}
      </pre>
    </section>
  );
}
