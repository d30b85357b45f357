import { useCallback, useEffect, useRef, useState } from "react";
import type { StudioEvent } from "@loupe/studio/common";
import { useStudio, useStudioEvent } from "../api/studio-context.js";

/** A screencast frame as the live view keeps it. */
export type LiveFrame = StudioEvent<"live.frame">;

/** The live view's state: the newest frame's size and whether frames are arriving. */
export interface LiveStatus {
  live: boolean;
  width: number;
  height: number;
  error?: string;
}

/**
 * Keeps the screencast running while the view is mounted: starts it, renews its lease before it runs
 * out, restarts it when the window comes back from the background (timers there may be throttled past
 * the lease), and stops it on unmount. Each frame goes to `draw` directly, not through React state, so
 * thirty frames a second do not re-render the pane.
 */
export function useLiveFrames(draw: (frame: LiveFrame) => void): LiveStatus {
  const client = useStudio();
  const [status, setStatus] = useState<LiveStatus>({ live: false, width: 0, height: 0 });
  const size = useRef({ width: 0, height: 0 });
  const statusLive = useRef(false);

  const onFrame = useCallback(
    (frame: LiveFrame) => {
      draw(frame);
      if (size.current.width !== frame.width || size.current.height !== frame.height || !statusLive.current) {
        size.current = { width: frame.width, height: frame.height };
        statusLive.current = true;
        setStatus({ live: true, width: frame.width, height: frame.height });
      }
    },
    [draw],
  );
  useStudioEvent("live.frame", onFrame);
  // The start loop reads the newest handler: a new one must not restart (and so stop) the screencast.
  const frameHandler = useRef(onFrame);
  useEffect(() => {
    frameHandler.current = onFrame;
  });
  useStudioEvent(
    "live.stopped",
    useCallback(() => {
      statusLive.current = false;
      setStatus((s) => ({ ...s, live: false }));
    }, []),
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = () => {
      if (timer) clearTimeout(timer);
      // Until frames arrive, ask for the newest one too: a screencast another window started sends
      // the next frame only when the page repaints, which a still page may never do.
      client.call("live.start", { withFrame: !statusLive.current }).then(
        ({ leaseMs, frame }) => {
          if (frame && !statusLive.current) frameHandler.current(frame);
          if (!stopped) timer = setTimeout(start, leaseMs / 3);
        },
        (error: unknown) => {
          setStatus((s) => ({
            ...s,
            live: false,
            error: error instanceof Error ? error.message : String(error),
          }));
          if (!stopped) timer = setTimeout(start, 2000);
        },
      );
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") start();
    };
    start();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
      void client.call("live.stop", {}).catch(() => {});
    };
  }, [client]);

  return status;
}
