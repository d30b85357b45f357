import type { TargetSession } from "../cdp/page-sessions.js";
import { ClientError } from "../errors.js";
import type { ViewportPoint } from "./element-point.js";

/**
 * Real input through CDP's `Input` domain, sent to the page's session: the browser routes mouse events to
 * the frame under the pointer and key events to the focused frame, as it does for a person.
 */

interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  text?: string;
}

const NAMED_KEYS: Record<string, KeyDefinition> = {
  Enter: { key: "Enter", code: "Enter", keyCode: 13, text: "\r" },
  Tab: { key: "Tab", code: "Tab", keyCode: 9 },
  Escape: { key: "Escape", code: "Escape", keyCode: 27 },
  Backspace: { key: "Backspace", code: "Backspace", keyCode: 8 },
  Delete: { key: "Delete", code: "Delete", keyCode: 46 },
  Space: { key: " ", code: "Space", keyCode: 32, text: " " },
  ArrowUp: { key: "ArrowUp", code: "ArrowUp", keyCode: 38 },
  ArrowDown: { key: "ArrowDown", code: "ArrowDown", keyCode: 40 },
  ArrowLeft: { key: "ArrowLeft", code: "ArrowLeft", keyCode: 37 },
  ArrowRight: { key: "ArrowRight", code: "ArrowRight", keyCode: 39 },
  Home: { key: "Home", code: "Home", keyCode: 36 },
  End: { key: "End", code: "End", keyCode: 35 },
  PageUp: { key: "PageUp", code: "PageUp", keyCode: 33 },
  PageDown: { key: "PageDown", code: "PageDown", keyCode: 34 },
};

const ALIASES: Record<string, string> = {
  Return: "Enter",
  Esc: "Escape",
  " ": "Space",
  Up: "ArrowUp",
  Down: "ArrowDown",
  Left: "ArrowLeft",
  Right: "ArrowRight",
};

const MODIFIERS: Record<string, { bit: number; def: KeyDefinition }> = {
  Alt: { bit: 1, def: { key: "Alt", code: "AltLeft", keyCode: 18 } },
  Control: { bit: 2, def: { key: "Control", code: "ControlLeft", keyCode: 17 } },
  Meta: { bit: 4, def: { key: "Meta", code: "MetaLeft", keyCode: 91 } },
  Shift: { bit: 8, def: { key: "Shift", code: "ShiftLeft", keyCode: 16 } },
};
const MODIFIER_ALIASES: Record<string, string> = {
  Ctrl: "Control",
  Cmd: "Meta",
  Command: "Meta",
  Option: "Alt",
};

/** The keys `press` understands, for the model's prompt and for error messages. */
export const KEY_NAMES = [...Object.keys(NAMED_KEYS), "any single character", "combinations like Control+A"];

/** Moves the pointer and clicks (`clickCount` 2 for a double click) at a point of the page. */
export async function clickAt(root: TargetSession, point: ViewportPoint, clickCount = 1): Promise<void> {
  await moveTo(root, point);
  for (let count = 1; count <= clickCount; count++) {
    const common = { x: point.x, y: point.y, button: "left" as const, clickCount: count };
    await root.send("Input.dispatchMouseEvent", { type: "mousePressed", buttons: 1, ...common });
    await root.send("Input.dispatchMouseEvent", { type: "mouseReleased", buttons: 0, ...common });
  }
}

/** Moves the pointer to a point of the page (hover). */
export async function moveTo(root: TargetSession, point: ViewportPoint): Promise<void> {
  await root.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: point.x, y: point.y, button: "none" });
}

/** Turns the mouse wheel over a point: positive `deltaY` scrolls down. */
export async function wheelAt(root: TargetSession, point: ViewportPoint, deltaY: number): Promise<void> {
  await root.send("Input.dispatchMouseEvent", {
    type: "mouseWheel",
    x: point.x,
    y: point.y,
    deltaX: 0,
    deltaY,
  });
}

/** Inserts text at the caret as one input (what a paste or an IME commit does). */
export async function insertText(root: TargetSession, text: string): Promise<void> {
  await root.send("Input.insertText", { text });
}

/** Types text key by key, so key listeners see each character. */
export async function typeText(root: TargetSession, text: string): Promise<void> {
  for (const char of text) {
    if (char === "\n") {
      await pressKey(root, "Enter");
      continue;
    }
    await root.send("Input.dispatchKeyEvent", {
      type: "keyDown",
      key: char,
      text: char,
      unmodifiedText: char,
    });
    await root.send("Input.dispatchKeyEvent", { type: "keyUp", key: char });
  }
}

/**
 * Presses a key or a combination (`Enter`, `a`, `Control+A`, `Shift+Tab`). The whole combination is read
 * before the first event, so a name Loupe does not know presses nothing (no modifier is left held down).
 * @throws ClientError naming the key when it is not one Loupe can press (see `unknownKeyReason`).
 */
export async function pressKey(root: TargetSession, combination: string): Promise<void> {
  const { modifiers: held, key } = parseCombination(combination);
  let modifiers = 0;
  for (const modifier of held) {
    modifiers |= modifier.bit;
    await root.send("Input.dispatchKeyEvent", { type: "rawKeyDown", modifiers, ...keyFields(modifier.def) });
  }
  // With Control/Alt/Meta held a character key produces no text, as on a real keyboard.
  const text = modifiers & ~8 ? undefined : key.text;
  await root.send("Input.dispatchKeyEvent", {
    type: text ? "keyDown" : "rawKeyDown",
    modifiers,
    ...keyFields(key),
    ...(text ? { text, unmodifiedText: text } : {}),
  });
  await root.send("Input.dispatchKeyEvent", { type: "keyUp", modifiers, ...keyFields(key) });
  for (const modifier of [...held].reverse()) {
    modifiers &= ~modifier.bit;
    await root.send("Input.dispatchKeyEvent", { type: "keyUp", modifiers, ...keyFields(modifier.def) });
  }
}

/** Why `combination` cannot be pressed (naming the key and the keys there are), or "" when it can. */
export function unknownKeyReason(combination: string): string {
  try {
    parseCombination(combination);
    return "";
  } catch (error) {
    if (error instanceof ClientError) return error.message.replace(/\.$/, "");
    throw error;
  }
}

function parseCombination(combination: string): {
  modifiers: { bit: number; def: KeyDefinition }[];
  key: KeyDefinition;
} {
  const parts = combination.split("+").map((p) => p.trim());
  const keyName = parts.pop() || (combination.endsWith("+") ? "+" : "");
  const modifiers = parts.map((part) => {
    const modifier = MODIFIERS[MODIFIER_ALIASES[part] ?? part];
    if (!modifier)
      throw new ClientError(
        `"${part}" in "${combination}" is not a modifier key (Control, Shift, Alt, Meta).`,
      );
    return modifier;
  });
  return { modifiers, key: keyDefinition(keyName) };
}

function keyDefinition(name: string): KeyDefinition {
  const named = NAMED_KEYS[ALIASES[name] ?? name];
  if (named) return named;
  if ([...name].length === 1) {
    const upper = name.toUpperCase();
    const code = /[A-Z]/.test(upper) ? `Key${upper}` : /[0-9]/.test(name) ? `Digit${name}` : "";
    return { key: name, code, keyCode: upper.charCodeAt(0), text: name };
  }
  throw new ClientError(`"${name}" is not a key Loupe can press. Keys: ${KEY_NAMES.join(", ")}.`);
}

function keyFields(def: KeyDefinition) {
  return {
    key: def.key,
    code: def.code,
    windowsVirtualKeyCode: def.keyCode,
    nativeVirtualKeyCode: def.keyCode,
  };
}
