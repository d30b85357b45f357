import type { TargetSession } from "@loupe/core/engine";
import { enableDom, type ElementRef } from "./element-at-point.js";

/** DevTools' own highlight colours: content blue, padding green, border yellow, margin orange. */
const HIGHLIGHT_CONFIG = {
  showInfo: true,
  showStyles: false,
  contentColor: { r: 111, g: 168, b: 220, a: 0.66 },
  paddingColor: { r: 147, g: 196, b: 125, a: 0.55 },
  borderColor: { r: 255, g: 229, b: 153, a: 0.66 },
  marginColor: { r: 246, g: 178, b: 107, a: 0.66 },
};

/**
 * Highlights drawn with CDP's Overlay domain, in the page itself, so they show in the screencast frames.
 * Each process (the page, each out-of-process iframe) draws its own overlay, so the sessions that drew
 * one are remembered and all are cleared before the next.
 */
export class ElementHighlight {
  private readonly overlayEnabled = new WeakSet<TargetSession>();
  private readonly drawn = new Set<TargetSession>();

  /** Shows the highlight on one element (and hides any other). */
  async show(element: ElementRef): Promise<void> {
    await this.hide(element.session);
    await this.enable(element.session);
    await element.session.send("Overlay.highlightNode", {
      highlightConfig: HIGHLIGHT_CONFIG,
      backendNodeId: element.backendNodeId,
    });
    this.drawn.add(element.session);
  }

  /** Hides every highlight, except in `keep` (which the next `show` replaces anyway). */
  async hide(keep?: TargetSession): Promise<void> {
    const sessions = [...this.drawn].filter((session) => session !== keep);
    for (const session of sessions) this.drawn.delete(session);
    await Promise.all(sessions.map((session) => session.send("Overlay.hideHighlight").catch(() => {})));
  }

  private async enable(session: TargetSession): Promise<void> {
    if (this.overlayEnabled.has(session)) return;
    await enableDom(session);
    await session.send("Overlay.enable");
    this.overlayEnabled.add(session);
  }
}
