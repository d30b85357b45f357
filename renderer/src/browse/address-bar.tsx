import { useEffect, useState, type FormEvent } from "react";
import type { StudioParams } from "@loupe/studio/common";
import { addressToUrl } from "./address-url.js";

type NavigateTo = StudioParams<"session.navigate">["to"];

/** Back, forward, reload and the address of the active tab; Enter goes to what was typed. */
export function AddressBar({
  url,
  busy,
  onNavigate,
}: {
  url: string;
  busy: boolean;
  onNavigate: (to: NavigateTo) => void;
}) {
  const [typed, setTyped] = useState(url);
  // The tab navigated (a link, a script, back): show where it is now.
  useEffect(() => setTyped(url), [url]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) onNavigate({ url: addressToUrl(typed) });
  };
  return (
    <form className="address-bar" role="search" aria-label="Address" onSubmit={submit}>
      <button type="button" aria-label="Back" title="Back" onClick={() => onNavigate("back")}>
        ←
      </button>
      <button type="button" aria-label="Forward" title="Forward" onClick={() => onNavigate("forward")}>
        →
      </button>
      <button type="button" aria-label="Reload" title="Reload" onClick={() => onNavigate("reload")}>
        ⟳
      </button>
      <input
        aria-label="Address"
        data-region-entry=""
        value={typed}
        spellCheck={false}
        placeholder="Type a URL and press Enter"
        aria-busy={busy}
        onChange={(event) => setTyped(event.target.value)}
      />
    </form>
  );
}
