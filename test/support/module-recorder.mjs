/**
 * `node --import ./module-recorder.mjs …`: appends the URL of every module the process resolves through
 * the ESM loader to the file named by LOUPE_RECORD_MODULES, one per line. Used to prove what a program
 * did (and did not) load, e.g. that `disablePino: true` never imports pino.
 */
import { register } from "node:module";

register("./module-recorder-hooks.mjs", import.meta.url);
