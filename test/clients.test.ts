/**
 * The Python and Go clients (`clients/python`, `clients/go`) against real Loupe Cloud servers: each
 * language's own test suite runs in a child process with the fixture's addresses and keys in its
 * environment (see support/clients-fixture.ts), so `npm test` — and CI — runs them. The Python package is
 * also type-checked (pyright, strict, as Python 3.9) and the Go module formatted and vetted.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClientsFixture, type ClientsFixture } from "./support/clients-fixture.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PYTHON_DIR = join(ROOT, "clients/python");
const GO_DIR = join(ROOT, "clients/go");
const SUITE_TIMEOUT_MS = 300_000;

/** Nothing a suite runs may reach a module proxy or a checksum server: the Go module has no requirements. */
const GO_ENV = {
  GOPROXY: "off",
  GOSUMDB: "off",
  GOFLAGS: "-mod=mod",
  GOTOOLCHAIN: "local",
  GOTELEMETRY: "off",
};

interface Run {
  code: number | null;
  output: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, ...env }, timeout: SUITE_TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") {
          reject(
            new Error(`${command} ${args.join(" ")} did not finish: ${error.message}\n${stdout}${stderr}`),
          );
          return;
        }
        resolve({ code: error ? (error.code as number) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Asserts a clean exit, showing the end of the output when it is not. */
function expectSuccess(result: Run, what: string): void {
  if (result.code !== 0)
    throw new Error(`${what} failed (exit code ${result.code}):\n${result.output.slice(-12_000)}`);
}

/** The first of `names` on PATH or at one of `extra` paths, or undefined. */
function findCommand(names: string[], extra: string[] = []): string | undefined {
  const dirs = (process.env["PATH"] ?? "").split(delimiter).filter(Boolean);
  for (const name of names) for (const dir of dirs) if (existsSync(join(dir, name))) return join(dir, name);
  return extra.find((path) => existsSync(path));
}

function requireCommand(found: string | undefined, what: string): string {
  if (!found)
    throw new Error(
      `${what} is not installed, so its client's tests cannot run. Run \`npm run setup\` (as root on ` +
        "Debian/Ubuntu it installs it with apt-get) or install it yourself, then run the tests again.",
    );
  return found;
}

describe("the clients against real loupe cloud serve processes", () => {
  let fixture: ClientsFixture;

  beforeAll(async () => {
    fixture = await startClientsFixture();
  }, 400_000);

  afterAll(async () => {
    await fixture?.close();
  });

  it(
    "python3 -m unittest passes (clients/python)",
    async () => {
      const python = requireCommand(findCommand(["python3"]), "Python 3 (python3)");
      const result = await run(
        python,
        ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"],
        PYTHON_DIR,
        {
          ...fixture.env,
          PYTHONDONTWRITEBYTECODE: "1",
        },
      );
      expectSuccess(result, "python3 -m unittest (clients/python)");
      expect(result.output).toMatch(/^Ran \d+ tests/m);
    },
    SUITE_TIMEOUT_MS,
  );

  it(
    "go test passes (clients/go)",
    async () => {
      const result = await run(goCommand(), ["test", "-count=1", "./..."], GO_DIR, {
        ...fixture.env,
        ...GO_ENV,
      });
      expectSuccess(result, "go test (clients/go)");
      expect(result.output).toMatch(/^ok\s+\S+/m);
    },
    SUITE_TIMEOUT_MS,
  );
});

describe("the clients' code", () => {
  it(
    "the Python package type-checks strictly as Python 3.9 (pyright)",
    async () => {
      const pyright = join(ROOT, "node_modules/.bin/pyright");
      const result = await run(pyright, ["-p", "pyrightconfig.json"], PYTHON_DIR);
      expectSuccess(result, "pyright (clients/python)");
      expect(result.output).toContain("0 errors");
    },
    SUITE_TIMEOUT_MS,
  );

  it(
    "the Go module is gofmt-formatted and go vet-clean",
    async () => {
      const go = goCommand();
      const vet = await run(go, ["vet", "./..."], GO_DIR, GO_ENV);
      expectSuccess(vet, "go vet (clients/go)");
      const goroot = (await run(go, ["env", "GOROOT"], GO_DIR, GO_ENV)).output.trim();
      const format = await run(join(goroot, "bin/gofmt"), ["-l", "."], GO_DIR);
      expectSuccess(format, "gofmt (clients/go)");
      expect(format.output.trim(), "files gofmt would change").toBe("");
    },
    SUITE_TIMEOUT_MS,
  );
});

function goCommand(): string {
  return requireCommand(
    findCommand(["go"], ["/usr/local/go/bin/go", "/usr/lib/go/bin/go"]),
    "Go (the go command)",
  );
}
