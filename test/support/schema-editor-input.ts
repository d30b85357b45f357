import type { Page } from "playwright-core";

/** Replaces the schema editor's text the way a paste does (no auto-closed brackets). */
export async function setSchema(ui: Page, text: string): Promise<void> {
  await ui.locator(".schema-editor-host .view-lines").click();
  await ui.keyboard.press("ControlOrMeta+A");
  await ui.keyboard.press("Delete");
  await ui.keyboard.insertText(text);
}

/** The schema editor's text as shown (Monaco draws spaces as no-break spaces). */
export async function schemaShown(ui: Page): Promise<string> {
  return ((await ui.locator(".schema-editor-host .view-lines").textContent()) ?? "").replace(/\u00a0/g, " ");
}
