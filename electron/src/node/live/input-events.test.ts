import { describe, expect, it } from "vitest";
import { InputEvents } from "./input-events.js";

const point = { x: 10, y: 20, modifiers: 0, clickCount: 1 };

describe("InputEvents", () => {
  it("makes a click a press and a release at the same point", () => {
    const calls = new InputEvents().mouse({ ...point, type: "click", button: "left" });
    expect(calls.map((c) => [c["type"], c["x"], c["y"], c["buttons"]])).toEqual([
      ["mousePressed", 10, 20, 1],
      ["mouseReleased", 10, 20, 0],
    ]);
  });

  it("carries held buttons on moves during a drag, and clears them on release", () => {
    const input = new InputEvents();
    input.mouse({ ...point, type: "down", button: "left" });
    expect(input.mouse({ ...point, type: "move", button: "none" })[0]).toMatchObject({
      type: "mouseMoved",
      button: "left",
      buttons: 1,
    });
    input.mouse({ ...point, type: "up", button: "left" });
    expect(input.mouse({ ...point, type: "move", button: "none" })[0]).toMatchObject({
      button: "none",
      buttons: 0,
    });
  });

  it("types text on keydown, but not with Ctrl or Meta held", () => {
    const input = new InputEvents();
    expect(input.key({ type: "down", key: "a", code: "KeyA", text: "a", modifiers: 0 })).toMatchObject({
      type: "keyDown",
      text: "a",
    });
    expect(input.key({ type: "down", key: "a", code: "KeyA", text: "a", modifiers: 2 })).toEqual({
      type: "rawKeyDown",
      key: "a",
      code: "KeyA",
      modifiers: 2,
    });
    expect(
      input.key({ type: "down", key: "Enter", code: "Enter", text: "\r", keyCode: 13, modifiers: 0 }),
    ).toMatchObject({
      type: "keyDown",
      windowsVirtualKeyCode: 13,
    });
    expect(input.key({ type: "up", key: "a", code: "KeyA", text: "a", modifiers: 0 })["type"]).toBe("keyUp");
  });
});
