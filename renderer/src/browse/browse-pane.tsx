import { useCallback, useEffect, useRef, useState } from "react";
import { StudioError, type PageInfo, type StudioEvent, type StudioParams } from "@loupe/studio/common";
import { useStudio, useStudioEvent } from "../api/studio-context.js";
import { useStudioState } from "../state/studio-state.js";
import { AddressBar } from "./address-bar.js";
import { LiveView, type PickResult } from "./live-view.js";
import { PickedElement } from "./picked-element.js";
import { SelectorBox } from "./selector-box.js";
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
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const opened = useRef(false);
  // Only the latest navigation speaks: an earlier one it replaced (or Stop ended) says nothing.
  const latest = useRef(0);
  const active = state.pages.find((page) => page.active);
  // The selector box's text: typed, or a selector sent there with Test (picked element, act's result).
  const [selector, setSelector] = useState("");
  const selectorInput = useRef<HTMLInputElement>(null);
  const tested = state.selectorTest;
  useEffect(() => {
    if (!tested) return;
    setSelector(tested.selector);
    selectorInput.current?.focus();
  }, [tested]);
  const testPicked = (picked: string) => dispatch({ type: "selector.test", selector: picked });

  const run = useCallback(
    async (work: () => Promise<PageInfo | undefined>, { keep = false } = {}) => {
      const mine = ++latest.current;
      setLoading(true);
      setError(undefined);
      try {
        const page = await work();
        if (!page) return;
        dispatch({ type: "page.changed", page });
        if (keep && !isBlank(page.url) && !page.error)
          dispatch({ type: "workspace.patch", patch: { url: page.url } });
      } catch (failure) {
        if (mine !== latest.current) return;
        if (failure instanceof StudioError && failure.code === "navigation_stopped") return;
        setError(failure instanceof Error ? failure.message : String(failure));
      } finally {
        if (mine === latest.current) setLoading(false);
      }
    },
    [dispatch],
  );

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void run(async () => {
      const { pages } = await client.call("session.pages", {});
      dispatch({ type: "pages.set", pages });
      const current = pages.find((page) => page.active);
      const url = state.workspace.url;
      if (!current) return client.call("session.open", { url });
      if (isBlank(current.url)) return client.call("session.navigate", { to: { url } });
      return undefined;
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
    void run(() => client.call("session.navigate", { to }), { keep: true });
  const stop = () => {
    latest.current++;
    setLoading(false);
    client.call("session.stop", {}).catch((failure: unknown) => setError(String(failure)));
  };
  const invalid = (message: string) => {
    latest.current++;
    setLoading(false);
    setError(message);
  };
  const activate = (pageId: string) => void run(() => client.call("session.activate", { pageId }));
  const address = useRef<HTMLInputElement>(null);
  const newTab = () =>
    void run(async () => {
      const page = await client.call("session.open", {});
      address.current?.focus(); // a new tab waits for an address, as in a browser
      return page;
    });
  const closeTab = (pageId: string) =>
    void run(async () => {
      const { pages } = await client.call("session.close", { pageId });
      dispatch({ type: "pages.set", pages });
      return undefined;
    });
  const onPicked = (pick: PickResult) => {
    dispatch({ type: "picked", picked: { selector: pick.selector, snapshot: pick.snapshot } });
    setPicking(false);
  };
  const togglePicking = () => {
    if (picking) void client.call("live.clearHighlight", {}).catch(() => {});
    setPicking(!picking);
  };

  // Loading: a call of this pane under way (typed address, back, a new tab), or the tab loading a
  // document it was sent to by anything else (a link clicked in the live view, a script, a flow).
  const busy = loading || active?.loading === true;
  // A failed navigation of the tab (typed here, or a link it followed) shows until the next one starts.
  const shownError = error ?? (busy ? undefined : active?.error);

  return (
    <div className="browse-pane">
      <TabStrip pages={state.pages} onActivate={activate} onNew={newTab} onClose={closeTab} />
      <div className="browse-toolbar">
        <AddressBar
          inputRef={address}
          url={active && !isBlank(active.url) ? active.url : ""}
          loading={busy}
          onNavigate={navigate}
          onStop={stop}
          onInvalid={invalid}
        />
        <button
          type="button"
          aria-pressed={picking}
          className={picking ? "pick active" : "pick"}
          onClick={togglePicking}
        >
          Pick
        </button>
      </div>
      {busy && <div className="browse-loading" role="progressbar" aria-label="Loading the page" />}
      {shownError && (
        <p className="browse-error" role="alert">
          {shownError}
        </p>
      )}
      <LiveView picking={picking} onPicked={onPicked} />
      <section className="selector-area" aria-label="Selectors">
        <SelectorBox
          value={selector}
          onChange={setSelector}
          inputRef={selectorInput}
          pageKey={active ? `${active.pageId} ${active.url} ${active.title}` : ""}
        />
        {state.picked && (
          <PickedElement
            picked={state.picked}
            onTest={testPicked}
            onClear={() => dispatch({ type: "picked", picked: undefined })}
          />
        )}
      </section>
    </div>
  );
}
