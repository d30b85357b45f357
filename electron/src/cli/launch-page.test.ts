import { readFile, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { writeLaunchPage } from "./launch-page.js";

describe("writeLaunchPage", () => {
  it("writes a 0600 page in a fresh 0700 directory that forwards to the launch address, and removes both", async () => {
    const url = "http://127.0.0.1:4567/#launch=abc-DEF_123";
    const page = await writeLaunchPage(url);
    expect(fileURLToPath(page.fileUrl)).toBe(page.path);
    // The file's name carries no secret: only its content does.
    expect(page.fileUrl).not.toContain("abc-DEF_123");
    expect((await stat(page.path)).mode & 0o777).toBe(0o600);
    expect((await stat(dirname(page.path))).mode & 0o777).toBe(0o700);
    const html = await readFile(page.path, "utf8");
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${url}">`);
    expect(html).toContain('<meta name="referrer" content="no-referrer">');

    await page.remove();
    await page.remove();
    await expect(stat(dirname(page.path))).rejects.toThrow();
  });

  it("escapes the address for the attribute it sits in", async () => {
    const page = await writeLaunchPage('http://127.0.0.1:1/#launch="><script>');
    try {
      expect(await readFile(page.path, "utf8")).toContain("#launch=&quot;&gt;&lt;script&gt;");
    } finally {
      await page.remove();
    }
  });
});
