/** The live view of the active tab (screencast frames, forwarded input) and the element picker. */
export const liveMethods = {} as const;

/** Events of the live view. */
export const liveEvents = {} as const;
