import { describe, expect, it } from "vitest";
import { modifierBits, toPagePoint, type FrameGeometry } from "./live-coordinates.js";

const frame: FrameGeometry = {
  width: 640,
  height: 360,
  metadata: { offsetTop: 0, pageScaleFactor: 1, deviceWidth: 1280, deviceHeight: 720 },
};

describe("toPagePoint", () => {
  it("scales a point on the drawn image to page CSS pixels", () => {
    const box = { left: 100, top: 50, width: 640, height: 360 };
    expect(toPagePoint(100, 50, box, frame)).toEqual({ x: 0, y: 0 });
    expect(toPagePoint(420, 230, box, frame)).toEqual({ x: 640, y: 360 });
  });

  it("leaves out the spare room of a contained image, all of it below the frame", () => {
    // A box twice as tall as the image's aspect: the frame is drawn at the top, 360px of room below.
    const box = { left: 0, top: 0, width: 640, height: 720 };
    expect(toPagePoint(320, 500, box, frame)).toBeUndefined();
    expect(toPagePoint(320, 180, box, frame)).toEqual({ x: 640, y: 360 });
  });

  it("leaves out the bars left and right of a frame narrower than its box", () => {
    const box = { left: 0, top: 0, width: 1280, height: 360 };
    expect(toPagePoint(100, 180, box, frame)).toBeUndefined();
    expect(toPagePoint(640, 180, box, frame)).toEqual({ x: 640, y: 360 });
  });

  it("maps nothing on a hidden (zero-size) view", () => {
    expect(toPagePoint(0, 0, { left: 0, top: 0, width: 0, height: 0 }, frame)).toBeUndefined();
  });

  it("takes the page scale and top offset into account", () => {
    const zoomed = { ...frame, metadata: { ...frame.metadata, pageScaleFactor: 2, offsetTop: 20 } };
    expect(toPagePoint(320, 180, { left: 0, top: 0, width: 640, height: 360 }, zoomed)).toEqual({
      x: 320,
      y: 170,
    });
  });
});

describe("modifierBits", () => {
  it("packs modifier keys the way CDP wants them", () => {
    expect(modifierBits({ altKey: true, ctrlKey: false, metaKey: false, shiftKey: true })).toBe(9);
  });
});
