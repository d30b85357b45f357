import { describe, expect, it } from "vitest";
import { dropRepeatedImages, pictureKey } from "./repeated-images.js";

function after(blocks: string[]): string[] {
  const copy = [...blocks];
  dropRepeatedImages(copy);
  return copy;
}

const SLIDE = (name: string) => `![${name}](https://cdn.example/stencil/500w/products/182/${name}.jpg?c=1)`;
const THUMB = (name: string) => `![${name}](https://cdn.example/stencil/100w/products/182/${name}.jpg?c=1)`;

describe("dropRepeatedImages", () => {
  it("drops a gallery's thumbnail strip: the same files at another width, on lines of pictures alone", () => {
    const gallery = `${SLIDE("front")} ${SLIDE("back")}`;
    expect(after(["# Tee", gallery, "Size guide.", THUMB("front"), THUMB("back")])).toEqual([
      "# Tee",
      gallery,
      "Size guide.",
    ]);
  });

  it("keeps the new pictures of a line that repeats some", () => {
    expect(after([SLIDE("front"), `${THUMB("front")} ${THUMB("side")}`])).toEqual([
      SLIDE("front"),
      THUMB("side"),
    ]);
  });

  it("drops a linked picture shown again with its link, and a list item that held only it", () => {
    const card = "[![Oak desk](https://shop.example/img/oak.jpg)](https://shop.example/oak)";
    expect(after([card, "Oak desk, $599", `- ${card}\n- Walnut desk`])).toEqual([
      card,
      "Oak desk, $599",
      "- Walnut desk",
    ]);
  });

  it("keeps a list item's marker when items are nested under it", () => {
    const logo = "![Logo](https://a.example/logo.png)";
    expect(after([logo, `- ${logo}\n  - Nested item`])).toEqual([logo, "-\n  - Nested item"]);
  });

  it("keeps a picture inside text or a table, however often it repeats (an icon that says something)", () => {
    const check = "![yes](https://a.example/icons/check.svg)";
    const table = `| Plan | Backups |\n|---|---|\n| Basic | ${check} |\n| Pro | ${check} |`;
    const text = `Great answer ${check} thanks`;
    expect(after([check, table, text])).toEqual([check, table, text]);
  });

  it("keeps different pictures whose addresses differ only in what is not a size", () => {
    const blocks = [
      "![](https://cdn.example/products/182/front.jpg)",
      "![](https://cdn.example/products/183/front.jpg)",
      "![](https://cdn.example/products/182/front.jpg?variant=red)",
    ];
    expect(after(blocks)).toEqual(blocks);
  });

  it("keeps code as it is, and an image written out in code is not one shown", () => {
    const logo = "![Logo](https://a.example/logo.png)";
    const fenced = ["```markdown", logo, logo, "```"].join("\n");
    const inList = ["- Example:", "", "  ```md", `  ${logo}`, "  ```"].join("\n");
    const written = `Write \`${logo}\` to show it:`;
    expect(after([logo, fenced, inList])).toEqual([logo, fenced, inList]);
    expect(after([written, logo])).toEqual([written, logo]);
  });

  it("drops an exact copy wherever it stands alone, in a quote too", () => {
    const photo = "![Harbour](https://a.example/harbour.jpg)";
    expect(after([photo, "Text.", `> ${photo}`, "More text."])).toEqual([photo, "Text.", "More text."]);
  });

  it("leaves one blank line where a dropped picture stood between two, in a list item or a quote, code untouched", () => {
    const logo = "![Allianz](https://a.example/allianz.png)";
    const card = ["- ## Allianz", "", `  ${logo}`, "", "  #### What we like most", "", `  ${logo}`].join(
      "\n",
    );
    expect(after([logo, card])).toEqual([logo, "- ## Allianz\n\n  #### What we like most"]);
    const quote = ["> Before.", ">", `> ${logo}`, ">", "> After."].join("\n");
    expect(after([logo, quote])).toEqual([logo, "> Before.\n>\n> After."]);
    const code = ["```", "a", "", "", "b", "```"].join("\n");
    expect(after([logo, `${logo}\n\n${code}`])).toEqual([logo, code]);
  });
});

describe("pictureKey", () => {
  it("reads past the parts that only size a picture: width segments, WxH, w_N, size and quality parameters", () => {
    const key = (address: string) => pictureKey(`![](${address})`);
    expect(key("https://a.example/uploads/photo-300x200.jpg")).toBe(
      key("https://a.example/uploads/photo-1024x683.jpg"),
    );
    expect(key("https://a.example/image/upload/c_scale,w_50/pic.jpg")).toBe(
      key("https://a.example/image/upload/c_scale,w_800/pic.jpg"),
    );
    expect(key("https://a.example/_next/image?url=%2Fdesk.jpg&w=828&q=75")).toBe(
      key("https://a.example/_next/image?url=%2Fdesk.jpg&w=3840&q=100"),
    );
    expect(key("https://a.example/_next/image?url=%2Fdesk.jpg&w=828")).not.toBe(
      key("https://a.example/_next/image?url=%2Fchair.jpg&w=828"),
    );
  });
});
