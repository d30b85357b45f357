import { useState, type FormEvent, type RefObject } from "react";
import type { StudioParams } from "@loupe/studio/common";
import { parseAddress } from "./address-url.js";

type NavigateTo = StudioParams<"session.navigate">["to"];

/**
 * Back, forward, reload (Stop while a navigation is under way) and the address of the active tab;
 * Enter goes to what was typed, or says why it is no address.
 */
export function AddressBar({
  inputRef,
  url,
  loading,
  onNavigate,
  onStop,
  onInvalid,
}: {
  /** The address field, for a new tab to focus. */
  inputRef?: RefObject<HTMLInputElement | null>;
  url: string;
  loading: boolean;
  onNavigate: (to: NavigateTo) => void;
  onStop: () => void;
  onInvalid: (message: string) => void;
}) {
  const [typed, setTyped] = useState(url);
  // Whether the person is typing an address: until they press Enter or leave the field, the tab's own
  // changes (a late word of the last navigation, a script) do not replace what they typed, or Enter
  // would go where they did not ask.
  const [editing, setEditing] = useState(false);
  // The tab navigated (a link, a script, back): show where it is now. Adjusted while rendering (React's
  // pattern for state that follows a prop), not in an effect: an effect runs after the paint, so for a
  // frame the tab strip would show the new page while the bar still showed the old text.
  const [shownUrl, setShownUrl] = useState(url);
  if (url !== shownUrl) {
    setShownUrl(url);
    if (!editing) setTyped(url);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEditing(false);
    if (!typed.trim()) return;
    const address = parseAddress(typed);
    if ("error" in address) onInvalid(address.error);
    else onNavigate({ url: address.url });
  };
  return (
    <form className="address-bar" role="search" aria-label="Address" onSubmit={submit}>
      <button type="button" aria-label="Back" title="Back" onClick={() => onNavigate("back")}>
        ←
      </button>
      <button type="button" aria-label="Forward" title="Forward" onClick={() => onNavigate("forward")}>
        →
      </button>
      {loading ? (
        <button
          type="button"
          aria-label="Stop"
          title="Stop loading"
          onClick={() => {
            // As a browser does: the bar goes back to the address of the page the tab still shows.
            setEditing(false);
            setTyped(url);
            onStop();
          }}
        >
          ✕
        </button>
      ) : (
        <button type="button" aria-label="Reload" title="Reload" onClick={() => onNavigate("reload")}>
          ⟳
        </button>
      )}
      <input
        ref={inputRef}
        aria-label="Address"
        data-region-entry=""
        value={typed}
        spellCheck={false}
        placeholder="Type a URL and press Enter"
        aria-busy={loading}
        onChange={(event) => {
          setEditing(true);
          setTyped(event.target.value);
        }}
        onBlur={() => setEditing(false)}
      />
    </form>
  );
}
