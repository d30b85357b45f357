import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

/** Where the page column's width is kept between launches (a preference, not workspace content). */
const STORAGE_KEY = "loupe.studio.pageColumnWidth";
const MIN_PAGE = 320;
const MIN_TOOLS = 360;
const KEY_STEP = 32;

function readStored(): number | undefined {
  try {
    const value = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page column's width in CSS pixels (undefined: the default split) and the divider that sets it:
 * drag it, or focus it and use the arrow keys (Home/End for the narrowest and widest page).
 */
export function useColumnDivider(container: React.RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState<number | undefined>(readStored);
  // The page column as drawn (the default split has no width of its own): what the divider announces.
  const [drawn, setDrawn] = useState<{ now: number; max: number }>({ now: MIN_PAGE, max: MIN_PAGE });
  const dragging = useRef(false);
  useEffect(() => {
    const main = container.current;
    const column = main?.querySelector<HTMLElement>(".browse-column");
    if (!main || !column) return;
    const observer = new ResizeObserver(() =>
      setDrawn({ now: column.offsetWidth, max: Math.max(MIN_PAGE, main.clientWidth - MIN_TOOLS) }),
    );
    observer.observe(column);
    observer.observe(main);
    return () => observer.disconnect();
  }, [container]);

  const clamp = useCallback(
    (value: number) => {
      const total = container.current?.clientWidth ?? window.innerWidth;
      return Math.round(Math.max(MIN_PAGE, Math.min(total - MIN_TOOLS, value)));
    },
    [container],
  );
  const set = useCallback(
    (value: number) => {
      const next = clamp(value);
      setWidth(next);
      try {
        localStorage.setItem(STORAGE_KEY, String(next));
      } catch {
        // Storage may be off (private windows): the width then lasts for this page only.
      }
    },
    [clamp],
  );
  // A window made smaller keeps the tools column usable.
  useEffect(() => {
    const onResize = () => setWidth((w) => (w === undefined ? w : clamp(w)));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [clamp]);

  const current = () => width ?? drawn.now;
  const left = () => container.current?.getBoundingClientRect().left ?? 0;

  const separator = {
    role: "separator",
    tabIndex: 0,
    "aria-orientation": "vertical" as const,
    "aria-label": "Resize the page and the tools",
    "aria-valuemin": MIN_PAGE,
    "aria-valuemax": drawn.max,
    "aria-valuenow": Math.round(width ?? drawn.now),
    className: "column-divider",
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      dragging.current = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      event.preventDefault();
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (dragging.current) set(event.clientX - left());
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      dragging.current = false;
      event.currentTarget.releasePointerCapture(event.pointerId);
    },
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
      const to =
        event.key === "ArrowLeft"
          ? current() - step
          : event.key === "ArrowRight"
            ? current() + step
            : event.key === "Home"
              ? MIN_PAGE
              : event.key === "End"
                ? Number.POSITIVE_INFINITY
                : undefined;
      if (to === undefined) return;
      event.preventDefault();
      set(to);
    },
  };
  return { width, separator };
}
