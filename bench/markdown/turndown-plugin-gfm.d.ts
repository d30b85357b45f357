/** The GFM plugin ships no types: it is a turndown plugin, `(service) => void`. */
declare module "@joplin/turndown-plugin-gfm" {
  import type TurndownService from "turndown";
  export const gfm: TurndownService.Plugin;
}
