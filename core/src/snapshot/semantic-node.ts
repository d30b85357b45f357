/**
 * The page as the snapshot understands it, before it is written as text: elements with their role, name
 * and states, and pieces of text, per frame. The DOM engine builds it from a DOM capture; the renderer
 * (`snapshot-format.ts`) writes it; the accessibility-tree engine the tests cross-check against builds the
 * same shape from Chromium's own accessibility tree.
 */

/** An element (with its role) or a piece of text (`StaticText`, `ListMarker`). */
export interface SemanticNode {
  /**
   * Chromium's role names, so the text reads as it always has: ARIA roles (`link`, `button`,
   * `heading`…) and Chromium's own for what ARIA has no role for (`RootWebArea`, `StaticText`, `Iframe`,
   * `LabelText`, `Section`…).
   */
  role: string;
  /** The accessible name; for text, the text itself. */
  name: string;
  /** The DOM node it stands for; -1 when it has none (the text of a `::before`). */
  backendNodeId: number;
  /** No line of its own whatever its role: its children stand where it would have. */
  ignored?: boolean;
  /** The current value of a text field, combobox, slider… */
  value?: string;
  checked?: "true" | "mixed";
  selected?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  /** `aria-expanded`: true or false when the element says, undefined when it does not. */
  expanded?: boolean;
  /** A link's absolute URL. */
  url?: string;
  children?: SemanticNode[];
  /** For a frame owner (`<iframe>`): the id of the frame it shows, when that frame was read. */
  childFrameId?: string;
}

/** One frame: the node its content hangs under (its `RootWebArea`, named by the document's title). */
export interface SemanticFrame {
  frameId: string;
  root: SemanticNode;
}

/** Every frame of the page. */
export interface SemanticPage {
  /** A frame by its CDP frame id; undefined when it was not read. */
  frame(frameId: string): SemanticFrame | undefined;
  mainFrameId: string;
}
