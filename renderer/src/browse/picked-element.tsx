import type { StudioState } from "../state/studio-state.js";

/**
 * The element the picker chose: its selector (now the extract `selector` option) and its snapshot part.
 * Test puts the selector in the selector box, to see everything else it matches.
 */
export function PickedElement({
  picked,
  onTest,
  onClear,
}: {
  picked: NonNullable<StudioState["picked"]>;
  onTest: (selector: string) => void;
  onClear: () => void;
}) {
  return (
    <section className="picked-element" aria-label="Picked element">
      <header>
        <strong>Picked</strong>
        <code aria-label="Picked selector">{picked.selector}</code>
        <button
          type="button"
          title="Try this selector in the selector box"
          onClick={() => onTest(picked.selector)}
        >
          Test
        </button>
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
