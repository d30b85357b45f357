/**
 * The README's main job, headless, on the checkout `scripts/setup.sh` has just set up: the `loupe` command
 * npm linked at install time prints the demo shop's page text as JSON (`npx loupe extract --demo`), and
 * serves the Studio in web mode (`npx loupe studio --web --no-open`) on the address it prints — its UI and
 * its API — until Ctrl+C stops it and everything it started. Any failure ends CI with one line naming the
 * step that failed and why.
 */
/* global fetch */
import { execFile, spawn } from "node:child_process";
import process from "node:process";
import { clearTimeout, setTimeout } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
import { WebSocket } from "ws";

const NPX = process.platform === "win32" ? "npx.cmd" : "npx";
/** A loaded CI machine may take a while to start Chromium; these only bound a hang. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;
const ADDRESS_LINE = /^Loupe Studio: (http:\/\/127\.0\.0\.1:\d+)\/#token=([\w-]+)$/m;

class StepFailed extends Error {
  constructor(step, detail) {
    super(`${step}: ${detail}`);
  }
}

function runToEnd(command, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr }),
    );
  });
}

async function demoExtract() {
  const step = "npx loupe extract --demo";
  let stdout;
  try {
    ({ stdout } = await runToEnd(NPX, ["loupe", "extract", "--demo", "--quiet"], START_TIMEOUT_MS));
  } catch (error) {
    throw new StepFailed(step, `exited with ${error.code ?? error.signal}: ${error.stderr || error.message}`);
  }
  let result;
  try {
    result = JSON.parse(stdout);
  } catch {
    throw new StepFailed(step, `printed no JSON: ${stdout.slice(0, 300)}`);
  }
  if (typeof result.pageText !== "string" || !result.pageText.includes("RootWebArea"))
    throw new StepFailed(step, `printed no page text: ${stdout.slice(0, 300)}`);
  return `${step}: ${result.pageText.split("\n").length} lines of page text as JSON`;
}

/** Resolves with the address line once printed; rejects if the process ends or takes too long first. */
function addressOf(child, output) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`printed no address within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const match = ADDRESS_LINE.exec(output.stdout);
      if (match) {
        clearTimeout(timer);
        resolve({ origin: match[1], token: match[2] });
      }
    };
    child.stdout.on("data", check);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`exited (${code ?? signal}) before printing its address: ${output.stderr.slice(-2_000)}`),
      );
    });
  });
}

/** The Studio API answers `settings.get` over its WebSocket, given the token. */
function apiAnswers(origin, token) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace("http", "ws")}/studio-api?token=${token}`, { origin });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error("the API gave no answer within 30 s"));
    }, 30_000);
    socket.once("open", () =>
      socket.send(JSON.stringify({ kind: "request", id: 1, method: "settings.get", params: {} })),
    );
    socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.kind !== "response" || message.id !== 1) return;
      clearTimeout(timer);
      socket.close();
      if (message.ok) resolve();
      else reject(new Error(`the API answered settings.get with an error: ${JSON.stringify(message.error)}`));
    });
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Whether any process of the group `pgid` still runs. */
function groupRuns(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends Ctrl+C to the group and waits for all of it to end; kills what is left after the timeout. */
async function ctrlC(pgid) {
  if (groupRuns(pgid)) process.kill(-pgid, "SIGINT");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (groupRuns(pgid) && Date.now() < deadline) await sleep(200);
  if (!groupRuns(pgid)) return true;
  process.kill(-pgid, "SIGKILL");
  return false;
}

async function webStudio() {
  const step = "npx loupe studio --web --no-open";
  // Its own process group, so Ctrl+C can be sent as a terminal sends it: to npx, loupe and its Chromium.
  const child = spawn(NPX, ["loupe", "studio", "--web", "--no-open"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.setEncoding("utf8").on("data", (chunk) => (output.stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (output.stderr += chunk));
  let origin;
  let failure;
  try {
    let token;
    try {
      ({ origin, token } = await addressOf(child, output));
    } catch (error) {
      throw new StepFailed(step, error.message);
    }
    const page = await fetch(`${origin}/`).catch((error) => {
      throw new StepFailed(step, `${origin}/ did not answer: ${error.message}`);
    });
    const html = await page.text();
    if (page.status !== 200 || !html.includes("<title>Loupe Studio</title>"))
      throw new StepFailed(
        step,
        `${origin}/ answered ${page.status} without the Studio's page: ${html.slice(0, 300)}`,
      );
    const script = /<script[^>]+src="\.?\/?([^"]+\.js)"/.exec(html)?.[1];
    const bundle = script ? await fetch(`${origin}/${script}`) : undefined;
    if (!bundle || bundle.status !== 200 || !/javascript/.test(bundle.headers.get("content-type") ?? ""))
      throw new StepFailed(step, `the UI's script ${script ?? "(none in the page)"} is not served`);
    await apiAnswers(origin, token).catch((error) => {
      throw new StepFailed(step, error.message);
    });
  } catch (error) {
    failure = error;
  }
  const stopped = await ctrlC(child.pid);
  if (failure) throw failure;
  if (!stopped) throw new StepFailed(step, `still running ${STOP_TIMEOUT_MS / 1000} s after Ctrl+C`);
  const stillServing = await fetch(`${origin}/`).then(
    () => true,
    () => false,
  );
  if (stillServing) throw new StepFailed(step, `${origin}/ still answers after Ctrl+C`);
  return `${step}: served the UI and its API at ${origin}/, and stopped with everything it started on Ctrl+C`;
}

try {
  for (const step of [demoExtract, webStudio]) process.stdout.write(`CI main job: ${await step()}\n`);
} catch (error) {
  process.stderr.write(
    `CI: the README's main job failed at ${error instanceof StepFailed ? error.message : error.stack}\n`,
  );
  process.exit(1);
}
