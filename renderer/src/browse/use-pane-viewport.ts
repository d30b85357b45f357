import { useEffect, useRef, type RefObject } from "react";
import { useStudio } from "../api/studio-context.js";

/** A resize settles before the page is told: relaying out a page on every drag step is wasted work. */
const SETTLE_MS = 120;

/**
 * Keeps the page's viewport the size of the pane showing it (CSS pixels), so the frame fills the pane
 * at 1:1: no black bands, no page shrunk to fit. Every tab gets the same size (the service applies it
 * to tabs opened later too).
 */
export function usePaneViewport(
  pane: RefObject<HTMLElement | null>,
  onError: (error: unknown) => void,
): void {
  const client = useStudio();
  // The newest reporter, read when a call fails: a new one must not resend the size.
  const report = useRef(onError);
  useEffect(() => {
    report.current = onError;
  });
  useEffect(() => {
    const element = pane.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sent = "";
    const send = () => {
      const width = Math.floor(element.clientWidth);
      const height = Math.floor(element.clientHeight);
      const key = `${width}x${height}`;
      // A hidden or collapsed pane has no size worth giving the page.
      if (width < 100 || height < 100 || key === sent) return;
      sent = key;
      client.call("live.viewport", { width, height }).catch((error: unknown) => {
        sent = "";
        report.current(error);
      });
    };
    const observer = new ResizeObserver(() => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(send, SETTLE_MS);
    });
    observer.observe(element);
    send();
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [client, pane]);
}
