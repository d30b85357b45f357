import type { Page } from "playwright-core";

/** Replaces the schema editor's text the way a paste does (no auto-closed brackets). */
export async function setSchema(ui: Page, text: string): Promise<void> {
  // Into the editor's first line, as a person clicks: Monaco's `.view-lines` layer is as wide as the
  // longest line and moves when it scrolls sideways, so after a long line it is no target for a click.
  await ui.locator(".schema-editor-host .monaco-editor").click({ position: { x: 80, y: 10 } });
  await ui.keyboard.press("ControlOrMeta+A");
  await ui.keyboard.press("Delete");
  await ui.keyboard.insertText(text);
}

/** The schema editor's text as shown (Monaco draws spaces as no-break spaces). */
export async function schemaShown(ui: Page): Promise<string> {
  return ((await ui.locator(".schema-editor-host .view-lines").textContent()) ?? "").replace(/\u00a0/g, " ");
}
