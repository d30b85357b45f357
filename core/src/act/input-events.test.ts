import { describe, expect, it } from "vitest";
import type { TargetSession } from "../cdp/page-sessions.js";
import { ClientError } from "../errors.js";
import { pressKey, typeText, unknownKeyReason } from "./input-events.js";

/** A session that records the CDP commands sent to it. */
function recordingSession(): { session: TargetSession; sent: { method: string; params: unknown }[] } {
  const sent: { method: string; params: unknown }[] = [];
  const session = {
    send: async (method: string, params?: unknown) => {
      sent.push({ method, params });
      return {};
    },
  } as unknown as TargetSession;
  return { session, sent };
}

const events = (sent: { params: unknown }[]) =>
  sent.map(({ params }) => {
    const p = params as { type: string; key: string; modifiers?: number; text?: string };
    return `${p.type} ${p.key}${p.modifiers ? ` m${p.modifiers}` : ""}${p.text ? ` "${p.text}"` : ""}`;
  });

describe("pressKey", () => {
  it("presses a combination: modifiers down in order, the key, then modifiers up in reverse", async () => {
    const { session, sent } = recordingSession();
    await pressKey(session, "Ctrl+Shift+K");
    expect(events(sent)).toEqual([
      "rawKeyDown Control m2",
      "rawKeyDown Shift m10",
      "rawKeyDown K m10",
      "keyUp K m10",
      "keyUp Shift m2",
      "keyUp Control",
    ]);
  });

  it("gives a character key its text, unless Control/Alt/Meta is held (Shift alone keeps it)", async () => {
    const plain = recordingSession();
    await pressKey(plain.session, "Enter");
    expect(events(plain.sent)).toEqual(['keyDown Enter "\r"', "keyUp Enter"]);
    const shifted = recordingSession();
    await pressKey(shifted.session, "Shift+a");
    expect(events(shifted.sent)[1]).toBe('keyDown a m8 "a"');
  });

  it("presses nothing for a name it does not know, and says which keys there are", async () => {
    const { session, sent } = recordingSession();
    await expect(pressKey(session, "Control+Hyper")).rejects.toThrow(ClientError);
    await expect(pressKey(session, "Super+A")).rejects.toThrow(/"Super" in "Super\+A" is not a modifier key/);
    expect(sent).toEqual([]);
    expect(unknownKeyReason("Hyper")).toMatch(/Hyper/);
    expect(unknownKeyReason("Control+A")).toBe("");
    expect(unknownKeyReason("Esc")).toBe("");
  });
});

describe("typeText", () => {
  it("types each character as a key with its text, and a newline as Enter", async () => {
    const { session, sent } = recordingSession();
    await typeText(session, "hé\n");
    expect(events(sent)).toEqual([
      'keyDown h "h"',
      "keyUp h",
      'keyDown é "é"',
      "keyUp é",
      'keyDown Enter "\r"',
      "keyUp Enter",
    ]);
  });
});
