import { useCallback, useEffect, useRef, useState } from "react";
import type { StudioEvent, StudioParams } from "@loupe/studio/common";
import { useStudio, useStudioEvent } from "../api/studio-context.js";
import { useStudioState } from "../state/studio-state.js";
import { AddressBar } from "./address-bar.js";
import { LiveView, type PickResult } from "./live-view.js";
import { PickedElement } from "./picked-element.js";
import { TabStrip } from "./tab-strip.js";
import "./browse-pane.css";

/** A tab with nothing in it yet: where the Studio's browser starts. */
const isBlank = (url: string) => url === "" || url === "about:blank";

/**
 * The page column: tabs, address bar, picker toggle and the live view. On first load it opens the
 * workspace's URL (the bundled demo page for a new user) in the blank tab the browser starts with.
 */
export function BrowsePane() {
  const client = useStudio();
  const { state, dispatch } = useStudioState();
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const opened = useRef(false);
  const active = state.pages.find((page) => page.active);

  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setError(undefined);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void run(async () => {
      const { pages } = await client.call("session.pages", {});
      dispatch({ type: "pages.set", pages });
      const current = pages.find((page) => page.active);
      const url = state.workspace.url;
      if (!current) dispatch({ type: "page.changed", page: await client.call("session.open", { url }) });
      else if (isBlank(current.url))
        dispatch({ type: "page.changed", page: await client.call("session.navigate", { to: { url } }) });
    });
  }, [client, dispatch, run, state.workspace.url]);

  useStudioEvent(
    "session.pageChanged",
    useCallback(
      (page: StudioEvent<"session.pageChanged">) => dispatch({ type: "page.changed", page }),
      [dispatch],
    ),
  );
  useStudioEvent(
    "session.pageClosed",
    useCallback(
      ({ pageId }: StudioEvent<"session.pageClosed">) =>
        void client.call("session.pages", {}).then(
          ({ pages }) => dispatch({ type: "pages.set", pages: pages.filter((p) => p.pageId !== pageId) }),
          () => {},
        ),
      [client, dispatch],
    ),
  );

  const navigate = (to: StudioParams<"session.navigate">["to"]) =>
    void run(async () => {
      const page = await client.call("session.navigate", { to });
      dispatch({ type: "page.changed", page });
      if (!isBlank(page.url)) dispatch({ type: "workspace.patch", patch: { url: page.url } });
    });
  const activate = (pageId: string) =>
    void run(async () =>
      dispatch({ type: "page.changed", page: await client.call("session.activate", { pageId }) }),
    );
  const onPicked = (pick: PickResult) => {
    dispatch({ type: "picked", picked: { selector: pick.selector, snapshot: pick.snapshot } });
    setPicking(false);
  };
  const togglePicking = () => {
    if (picking) void client.call("live.clearHighlight", {}).catch(() => {});
    setPicking(!picking);
  };

  return (
    <div className="browse-pane">
      <TabStrip pages={state.pages} onActivate={activate} />
      <div className="browse-toolbar">
        <AddressBar url={active?.url ?? ""} busy={busy} onNavigate={navigate} />
        <button
          type="button"
          aria-pressed={picking}
          className={picking ? "pick active" : "pick"}
          onClick={togglePicking}
        >
          Pick
        </button>
      </div>
      {error && (
        <p className="browse-error" role="alert">
          {error}
        </p>
      )}
      <LiveView picking={picking} onPicked={onPicked} />
      {state.picked && (
        <PickedElement
          picked={state.picked}
          onClear={() => dispatch({ type: "picked", picked: undefined })}
        />
      )}
    </div>
  );
}
