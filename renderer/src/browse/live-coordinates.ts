/** What a frame says about itself: its image size and the screencast metadata. */
export interface FrameGeometry {
  width: number;
  height: number;
  metadata: { offsetTop: number; pageScaleFactor: number; deviceWidth: number; deviceHeight: number };
}

/** Where the image is drawn, as `getBoundingClientRect()` reports it. */
export interface DrawnBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Maps a pointer on the drawn frame to the page's CSS pixels (what CDP input takes). The image is drawn
 * with `object-fit: contain` and `object-position: center top` (the page starts under the address bar,
 * as in a browser), so spare room is split left and right but all below; a point in the bars, or a box
 * with no size (a hidden view), maps to nothing.
 */
export function toPagePoint(
  clientX: number,
  clientY: number,
  box: DrawnBox,
  frame: FrameGeometry,
): { x: number; y: number } | undefined {
  if (box.width <= 0 || box.height <= 0 || frame.width <= 0 || frame.height <= 0) return undefined;
  const scale = Math.min(box.width / frame.width, box.height / frame.height);
  const drawnWidth = frame.width * scale;
  const drawnHeight = frame.height * scale;
  const fx = (clientX - box.left - (box.width - drawnWidth) / 2) / drawnWidth;
  const fy = (clientY - box.top) / drawnHeight;
  if (fx < 0 || fx > 1 || fy < 0 || fy > 1) return undefined;
  const { deviceWidth, deviceHeight, offsetTop, pageScaleFactor } = frame.metadata;
  return {
    x: (fx * deviceWidth) / pageScaleFactor,
    y: (fy * deviceHeight - offsetTop) / pageScaleFactor,
  };
}

/** CDP's modifier bits from a DOM event: Alt 1, Ctrl 2, Meta 4, Shift 8. */
export function modifierBits(event: {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}) {
  return (
    (event.altKey ? 1 : 0) | (event.ctrlKey ? 2 : 0) | (event.metaKey ? 4 : 0) | (event.shiftKey ? 8 : 0)
  );
}
