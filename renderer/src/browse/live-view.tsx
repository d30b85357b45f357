import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import type { StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { focusRegion } from "../app/focus-regions.js";
import { modifierBits, toPagePoint } from "./live-coordinates.js";
import { useLiveFrames, type LiveFrame } from "./use-live-frames.js";
import { usePaneViewport } from "./use-pane-viewport.js";
import "./live-view.css";

const BUTTONS = ["left", "middle", "right"] as const;

/** Keys whose text is not the key's name: they type a control character. */
const KEY_TEXT: Record<string, string> = { Enter: "\r", Tab: "\t" };

/** What a pick answers. */
export type PickResult = StudioResult<"live.pick">;

/**
 * The active tab as the browser paints it (screencast frames), taking a person's clicks, scrolling and
 * typing to the page. In picker mode the pointer inspects instead: hovering highlights the element
 * under it, a click picks it.
 *
 * The keyboard never gets trapped: F6 always moves on to the next region, and Tab, Shift+Tab and Esc
 * leave the view too unless the person chose, with Ctrl+M (Monaco's key for the same switch), to send
 * them to the page. The page's viewport follows the view's size, so the frame fills it at 1:1.
 */
export function LiveView({ picking, onPicked }: { picking: boolean; onPicked: (pick: PickResult) => void }) {
  const client = useStudio();
  const image = useRef<HTMLImageElement>(null);
  // The frame shown, which a pointer on the view points into, and the newest one, still being decoded:
  // after a resize the two differ in size, and a point mapped with the newer one lands elsewhere.
  const frame = useRef<LiveFrame | undefined>(undefined);
  const decoding = useRef<LiveFrame | undefined>(undefined);
  const [hover, setHover] = useState<string>();
  const [error, setError] = useState<string>();
  // Whether Tab and Esc go to the page (they leave the view otherwise).
  const [keysToPage, setKeysToPage] = useState(false);
  const surface = useRef<HTMLDivElement>(null);
  usePaneViewport(surface, (failure) => report(failure));
  const draw = useCallback((next: LiveFrame) => {
    decoding.current = next;
    if (image.current) image.current.src = `data:image/jpeg;base64,${next.data}`;
  }, []);
  const status = useLiveFrames(draw);

  const pagePoint = (event: { clientX: number; clientY: number }) => {
    const img = image.current;
    return img && frame.current
      ? toPagePoint(event.clientX, event.clientY, img.getBoundingClientRect(), frame.current)
      : undefined;
  };
  const report = (error: unknown) => setError(error instanceof Error ? error.message : String(error));

  // Moves are many: one in flight at a time, and only the newest waiting one is sent after it.
  const moving = useRef<{ busy: boolean; next?: { x: number; y: number; modifiers: number } }>({
    busy: false,
  });
  // Once a pick is asked for, hovering stops highlighting: the pick hides the highlight, and a hover
  // answered after it would draw it again.
  const pickAsked = useRef(false);
  useEffect(() => {
    pickAsked.current = false;
  }, [picking]);
  const sendMove = (point: { x: number; y: number; modifiers: number }) => {
    if (picking && pickAsked.current) return;
    const state = moving.current;
    if (state.busy) {
      state.next = point;
      return;
    }
    state.busy = true;
    const done = () => {
      state.busy = false;
      const next = state.next;
      state.next = undefined;
      if (next) sendMove(next);
    };
    const call = picking
      ? client.call("live.inspect", { x: point.x, y: point.y }).then(({ element }) => {
          setHover(
            element ? element.description + (element.frameUrl ? ` in ${element.frameUrl}` : "") : undefined,
          );
        })
      : client.call("live.mouse", { type: "move", button: "none", ...point });
    call.then(done, (e: unknown) => {
      done();
      report(e);
    });
  };

  const onMouse = (event: MouseEvent<HTMLImageElement>, type: "down" | "up") => {
    const point = pagePoint(event);
    if (!point) return;
    event.preventDefault();
    if (type === "down") event.currentTarget.parentElement?.focus();
    if (picking) {
      if (type !== "up") return;
      pickAsked.current = true;
      client.call("live.pick", point).then(
        (pick) => {
          setError(undefined);
          onPicked(pick);
        },
        (failure: unknown) => {
          pickAsked.current = false; // nothing picked: keep pointing
          report(failure);
        },
      );
      return;
    }
    client
      .call("live.mouse", {
        type,
        ...point,
        button: BUTTONS[event.button] ?? "left",
        clickCount: Math.max(1, Math.min(3, event.detail)),
        modifiers: modifierBits(event),
      })
      .then(() => setError(undefined), report);
  };

  // The wheel listener must not be passive: the page scrolls, not the Studio around it.
  useEffect(() => {
    const img = image.current;
    if (!img) return;
    const onWheel = (event: WheelEvent) => {
      const point = pagePoint(event);
      if (!point) return;
      event.preventDefault();
      const lines = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
      void client
        .call("live.wheel", {
          ...point,
          deltaX: event.deltaX * lines,
          deltaY: event.deltaY * lines,
          modifiers: modifierBits(event),
        })
        .catch(report);
    };
    img.addEventListener("wheel", onWheel, { passive: false });
    return () => img.removeEventListener("wheel", onWheel);
  });

  const onKey = (event: KeyboardEvent<HTMLDivElement>, type: "down" | "up") => {
    // F6 bubbles to the Studio, which moves focus to the next region.
    if (event.key === "F6") return;
    if (event.key.toLowerCase() === "m" && event.ctrlKey && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      if (type === "down") setKeysToPage((on) => !on);
      return;
    }
    if (!keysToPage && event.key === "Tab") return; // the browser moves focus on
    if (!keysToPage && event.key === "Escape") {
      event.preventDefault();
      if (type === "down") focusRegion(event.currentTarget, 1);
      return;
    }
    if (picking) return;
    // Let a paste reach onPaste (as one insertText) instead of sending Ctrl+V to the page.
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "v") return;
    event.preventDefault();
    const text = KEY_TEXT[event.key] ?? (event.key.length === 1 ? event.key : undefined);
    void client
      .call("live.key", {
        type,
        key: event.key,
        code: event.code,
        ...(text !== undefined ? { text } : {}),
        ...(event.keyCode ? { keyCode: event.keyCode } : {}),
        modifiers: modifierBits(event),
      })
      .catch(report);
  };

  return (
    <div className="live-view">
      <div className="live-status" aria-live="polite">
        <span className={status.live ? "live-dot on" : "live-dot"} aria-hidden="true" />
        <span>{status.live ? "Live" : "Connecting…"}</span>
        {status.width > 0 && (
          <span className="live-size" title="Frame size in pixels">
            {status.width}×{status.height}
          </span>
        )}
        {picking && (
          <span className="live-hover" title={hover}>
            {hover ?? "Point at an element, click to pick it"}
          </span>
        )}
        <span id="live-keys" className="live-keys">
          {keysToPage
            ? "Tab and Esc go to the page · Ctrl+M or F6 to leave"
            : "Tab, Esc or F6 leave the page · Ctrl+M sends Tab and Esc to it"}
        </span>
      </div>
      <div
        ref={surface}
        className={picking ? "live-surface picking" : "live-surface"}
        tabIndex={0}
        role="application"
        aria-label="Live view of the page"
        aria-roledescription="live page"
        aria-describedby="live-keys"
        data-region=""
        data-region-entry=""
        onKeyDown={(event) => onKey(event, "down")}
        onKeyUp={(event) => onKey(event, "up")}
        onPaste={(event) => {
          const text = event.clipboardData.getData("text/plain");
          if (text && !picking) void client.call("live.insertText", { text }).catch(report);
        }}
      >
        <img
          ref={image}
          alt={status.live ? "The page, live" : ""}
          draggable={false}
          // The load of a frame replaced before it was decoded never fires: this is the newest one's.
          onLoad={() => (frame.current = decoding.current)}
          onMouseDown={(event) => onMouse(event, "down")}
          onMouseUp={(event) => onMouse(event, "up")}
          onMouseMove={(event) => {
            const point = pagePoint(event);
            if (point) sendMove({ ...point, modifiers: modifierBits(event) });
          }}
          onMouseLeave={() => {
            if (picking) void client.call("live.clearHighlight", {}).catch(() => {});
          }}
          onContextMenu={(event) => event.preventDefault()}
        />
      </div>
      {(error ?? status.error) && (
        <p className="live-error" role="alert">
          {error ?? status.error}
        </p>
      )}
    </div>
  );
}
