import type { Protocol } from "@loupe/core/engine";
import type { StudioParsedParams } from "../../common/studio-api.js";

type MouseButton = StudioParsedParams<"live.mouse">["button"];

const BUTTON_BITS: Record<MouseButton, number> = { none: 0, left: 1, right: 2, middle: 4 };
const CTRL = 2;
const META = 4;

/**
 * Turns the renderer's input into CDP `Input.dispatch*` calls. It remembers which buttons are held, so
 * a move during a drag carries them (a page reading `event.buttons` sees the drag) and a release clears
 * them.
 */
export class InputEvents {
  private held = 0;

  /** The `Input.dispatchMouseEvent` calls for one mouse event (`click` is two). */
  mouse(params: StudioParsedParams<"live.mouse">): Protocol.Input.DispatchMouseEventRequest[] {
    const { x, y, button, clickCount, modifiers } = params;
    const base = { x, y, modifiers, button, clickCount };
    const bit = BUTTON_BITS[button];
    switch (params.type) {
      case "move":
        return [
          {
            ...base,
            type: "mouseMoved",
            button: this.held ? heldButton(this.held) : "none",
            buttons: this.held,
          },
        ];
      case "down":
        this.held |= bit;
        return [{ ...base, type: "mousePressed", buttons: this.held }];
      case "up":
        this.held &= ~bit;
        return [{ ...base, type: "mouseReleased", buttons: this.held }];
      case "click":
        return [
          { ...base, type: "mousePressed", buttons: this.held | bit },
          { ...base, type: "mouseReleased", buttons: this.held },
        ];
    }
  }

  /** The `Input.dispatchMouseEvent` call for a wheel turn. */
  wheel(params: StudioParsedParams<"live.wheel">): Protocol.Input.DispatchMouseEventRequest {
    const { x, y, deltaX, deltaY, modifiers } = params;
    return { type: "mouseWheel", x, y, deltaX, deltaY, modifiers, button: "none", buttons: this.held };
  }

  /** The `Input.dispatchKeyEvent` call for a key. */
  key(params: StudioParsedParams<"live.key">): Protocol.Input.DispatchKeyEventRequest {
    const { key, code, keyCode, modifiers } = params;
    // With Ctrl or Meta held a key is a shortcut, not typing: sending its text would type the letter.
    const text = params.type === "down" && !(modifiers & (CTRL | META)) ? params.text : undefined;
    return {
      // `rawKeyDown` is a key that types nothing (arrows, Shift); `keyDown` with text types it.
      type: params.type === "up" ? "keyUp" : text ? "keyDown" : "rawKeyDown",
      key,
      code,
      modifiers,
      ...(text ? { text, unmodifiedText: text } : {}),
      ...(keyCode !== undefined ? { windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode } : {}),
    };
  }
}

function heldButton(held: number): MouseButton {
  if (held & 1) return "left";
  if (held & 2) return "right";
  return "middle";
}
