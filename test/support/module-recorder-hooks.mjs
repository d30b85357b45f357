/** Loader hooks of module-recorder.mjs; they run on Node's loader thread. */
import { appendFileSync } from "node:fs";
import process from "node:process";

const file = process.env.LOUPE_RECORD_MODULES;

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (file) appendFileSync(file, `${result.url}\n`);
  return result;
}
