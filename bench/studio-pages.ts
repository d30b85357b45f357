/**
 * The pages the Studio bench points the live view at, served on 127.0.0.1: one that animates every
 * frame (for the frame rate), one whose whole viewport flips between white and red on each click
 * (so a frame's centre pixel tells whether the click has been drawn), and a catalog long enough for a
 * snapshot of more than 15,000 lines (for the snapshot find).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { catalogHtml } from "../test/support/catalog-site.js";

/** Compact catalog cards: about two snapshot lines each, so more than 15,000 lines in all. */
const CATALOG_CARDS = 7_600;

export interface StudioBenchPages {
  animatedUrl: string;
  clickUrl: string;
  catalogUrl: string;
  close(): Promise<void>;
}

const ANIMATED = `<!doctype html><title>Animated</title>
<style>body{margin:0;font:40px sans-serif} #box{position:fixed;top:40%;left:0;width:120px;height:120px;background:#36c}</style>
<div id="box"></div><p id="n">0</p>
<script>
  let n = 0;
  const box = document.getElementById("box"), label = document.getElementById("n");
  (function step() {
    n++;
    box.style.transform = "translateX(" + ((n * 7) % 900) + "px)";
    label.textContent = String(n);
    requestAnimationFrame(step);
  })();
</script>`;

const CLICK = `<!doctype html><title>Click</title>
<style>html,body{margin:0;height:100%} #pad{position:fixed;inset:0;background:#fff}</style>
<div id="pad"></div>
<script>
  const pad = document.getElementById("pad");
  pad.addEventListener("mousedown", () => {
    pad.style.background = pad.style.background === "rgb(255, 0, 0)" ? "#fff" : "rgb(255, 0, 0)";
  });
</script>`;

export async function startStudioBenchPages(): Promise<StudioBenchPages> {
  let catalog: string | undefined;
  const server = createServer((req, res) => {
    const body =
      req.url === "/click"
        ? CLICK
        : req.url === "/catalog"
          ? (catalog ??= catalogHtml(CATALOG_CARDS, { compact: true }))
          : ANIMATED;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    animatedUrl: `http://127.0.0.1:${port}/animated`,
    clickUrl: `http://127.0.0.1:${port}/click`,
    catalogUrl: `http://127.0.0.1:${port}/catalog`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
