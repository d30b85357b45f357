/**
 * A tiny program for client-lifecycle.test.ts, run in a child process: starts a client (pino on or off,
 * from PROBE_DISABLE_PINO), reads a blank page, closes, and prints what it read's length.
 */
import { Client } from "@loupe/core";

const client = new Client({ disablePino: process.env["PROBE_DISABLE_PINO"] === "1", logger: () => {} });
await client.init();
const { pageText } = await client.extract();
await client.close();
process.stdout.write(`read ${pageText.length} characters\n`);
