/**
 * The web-mode wire, shared by the server (electron/src/node) and the UI (renderer/): where the API and
 * the launch-code exchange live on the UI's origin, and how a refused token is told apart.
 */

/** The Studio API WebSocket, on the UI's own origin (`?token=` required). */
export const STUDIO_API_PATH = "/studio-api";

/** Where the UI trades a one-time launch code for the token (POST `{ code }` → `{ token }`). */
export const LAUNCH_PATH = "/studio-launch";

/** The close code for a connection without the right token. */
export const UNAUTHORIZED_CLOSE_CODE = 4401;
