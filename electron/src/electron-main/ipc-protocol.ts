/**
 * What main and the preload agree on. The sandboxed preload can load no module but `electron`, so it
 * restates these two strings; `preload.test.ts` checks that both sides still match.
 */

/** The one IPC channel Studio messages travel on, both ways. */
export const STUDIO_IPC_CHANNEL = "loupe-studio";

/**
 * The argument (appended to the renderer's `process.argv` through `additionalArguments`) that tells
 * the preload which Studio methods to expose: the list lives in the zod contract, which the preload
 * cannot load.
 */
export const METHODS_ARGUMENT = "--loupe-studio-methods=";

/** `--loupe-studio-methods=a,b,c` for the given method names. */
export function methodsArgument(methods: readonly string[]): string {
  return `${METHODS_ARGUMENT}${methods.join(",")}`;
}
