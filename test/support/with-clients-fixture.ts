/**
 * Runs one command with the clients' fixture around it, for running a client's test suite on its own:
 *
 *   npx tsx test/support/with-clients-fixture.ts -- python3 -m unittest discover -s clients/python/tests -t clients/python
 *   npx tsx test/support/with-clients-fixture.ts -- sh -c 'cd clients/go && go test ./...'
 *
 * Starts what `startClientsFixture` starts, runs the command with the fixture's variables added to the
 * environment, stops everything, and exits with the command's exit code.
 */
import { spawn } from "node:child_process";
import { startClientsFixture } from "./clients-fixture.js";

const argv = process.argv.slice(2);
const [command, ...args] = argv[0] === "--" ? argv.slice(1) : argv;
if (!command) {
  process.stderr.write("usage: with-clients-fixture.ts -- COMMAND [ARGS…]\n");
  process.exit(2);
}

const fixture = await startClientsFixture();
const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...fixture.env } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => {
  child.once("error", (error) => {
    process.stderr.write(`with-clients-fixture: could not run ${command}: ${error.message}\n`);
    resolve(127);
  });
  child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
});
await fixture.close();
process.exit(code);
