import { z } from "zod";

/** The Studio itself: what the renderer needs to know before anything else. */
export const appMethods = {
  "app.info": {
    params: z.strictObject({}),
    result: z.object({
      /** The bundled demo page, served on loopback: the first thing a new user sees. */
      demoUrl: z.string(),
      /** `electron`: the desktop window; `web`: a browser tab served on 127.0.0.1. */
      shell: z.enum(["electron", "web"]),
      version: z.string(),
    }),
  },
} as const;

/** Events of the Studio itself. */
export const appEvents = {} as const;
