import { ClientError } from "../errors.js";

/**
 * Loads a Loupe package that `@loupe/core` does not depend on (the cloud server, the Studio) for the
 * commands that need it. The specifier is a variable on purpose: core must stay installable alone, and
 * these commands only tell the user what to install when the package is missing.
 */
export async function importOptionalPackage<T>(
  specifier: string,
  packageName: string,
  command: string,
): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
      String((error as Error).message).includes(packageName)
    ) {
      throw new ClientError(
        `\`loupe ${command}\` needs ${packageName}: install it with \`npm install ${packageName}\`.`,
      );
    }
    throw error;
  }
}
