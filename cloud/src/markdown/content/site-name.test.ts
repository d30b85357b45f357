import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { convertHtmlToMarkdown } from "../convert-html.js";
import { titleWithoutSiteName } from "./site-name.js";
import { readStructuredData } from "./structured-data.js";

/** The title as the converter would clean it, for a page whose `<head>` holds `head`. */
function clean(title: string, url: string, head = ""): string {
  const doc = parsePage(`<html><head>${head}</head><body><p>Text</p></body></html>`).copy();
  return titleWithoutSiteName(title, doc.head, readStructuredData(doc.html), url);
}

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe("titleWithoutSiteName", () => {
  it("cuts the name the page gives its site, after the last separator", () => {
    const head = '<meta property="og:site_name" content="REI Co-op">';
    expect(
      clean("Bike Helmets for Men & Women | REI Co-op", "https://www.rei.com/c/bike-helmets", head),
    ).toBe("Bike Helmets for Men & Women");
    const org = ld({ "@type": "Organization", name: "Chandlery Ltd" });
    expect(clean("Brass compass – Chandlery", "https://shop.example/p/compass", org)).toBe("Brass compass");
  });

  it("cuts a name its address gives, alone or with words before or after it", () => {
    expect(clean("Python (programming language) - Wikipedia", "https://en.wikipedia.org/wiki/Python")).toBe(
      "Python (programming language)",
    );
    expect(clean("Personal Training - UT RecSports", "https://recsports.utexas.edu/training")).toBe(
      "Personal Training",
    );
    expect(clean("Handmade Wallet - Etsy Bulgaria", "https://www.etsy.com/listing/1/wallet")).toBe(
      "Handmade Wallet",
    );
  });

  it("cuts a three-letter name only as the first word of the last part", () => {
    expect(clean("Bike Helmets | REI", "https://www.rei.com/c/bike-helmets")).toBe("Bike Helmets");
    const head = '<meta property="og:site_name" content="REI">';
    expect(clean("Sleeping Bags | REI Co-op", "https://shop.example/c/bags", head)).toBe("Sleeping Bags");
    expect(clean("Climate tech | SAP", "https://www.sap.com/blogs/climate")).toBe("Climate tech");
  });

  it("keeps a last part that holds the name only in its middle", () => {
    const title = "Visual Studio Code - The open source AI code editor";
    expect(clean(title, "https://code.visualstudio.com/docs")).toBe(title);
  });

  it("cuts a first part only when it is exactly the site's name", () => {
    const head = '<meta property="og:site_name" content="Todoist">';
    expect(clean("Todoist | A To-Do List to Organize Your Work", "https://todoist.com/features", head)).toBe(
      "A To-Do List to Organize Your Work",
    );
    const title = "Cloudflare CDN | Content Delivery Network";
    expect(clean(title, "https://www.cloudflare.com/application-services/products/cdn/")).toBe(title);
  });

  it("keeps a home page's whole title, which is about the site", () => {
    const title = "Hugging Face – The AI community building the future.";
    expect(clean(title, "https://huggingface.co/")).toBe(title);
  });

  it("keeps titles without a spaced separator, and names too short to tell", () => {
    expect(clean("Co-op Bike-Helmets", "https://co-op.example/helmets")).toBe("Co-op Bike-Helmets");
    // "go" is a subdomain's label, "sql" is inside the last part: neither names this site.
    expect(clean("Learn Go | Go Tutorial", "https://go.example.com/learn")).toBe("Learn Go | Go Tutorial");
    expect(clean("Joins | Learn SQL", "https://www.sql.example/joins")).toBe("Joins | Learn SQL");
    // Not a whole address (a converted file): only the page's own statements can name the site.
    expect(clean("Notes | Acme", "", '<meta name="application-name" content="Acme">')).toBe("Notes");
  });

  it("never leaves an empty title", () => {
    const head = '<meta property="og:site_name" content="Acme Tools">';
    expect(clean("Acme Tools | Acme Tools", "https://acme.example/about", head)).toBe("Acme Tools");
  });
});

describe("convertHtmlToMarkdown: the site's name", () => {
  it("heads the markdown with the page's title, which its own heading then does not repeat", () => {
    const page = `<html><head><title>Bike Helmets for Men &amp; Women | REI Co-op</title>
<meta property="og:site_name" content="REI Co-op"><meta property="og:title" content="Bike Helmets for Men &amp; Women | REI Co-op"></head>
<body><main><h1>Bike Helmets for Men &amp; Women</h1>
<p>Helmets for the road, the trail and the commute, each tested by our staff through a season of riding.</p></main></body></html>`;
    const { markdown, title } = convertHtmlToMarkdown(page, "https://www.rei.com/c/bike-helmets");
    expect(title).toBe("Bike Helmets for Men & Women");
    expect(markdown.startsWith("# Bike Helmets for Men & Women\n\n")).toBe(true);
    expect(markdown.match(/Bike Helmets for Men/g)).toHaveLength(1);
  });

  it("names the page without the site when its headline copies the whole document title", () => {
    const body = `<p>${"Stay up to date with the rental news and reporting coverage of the region. ".repeat(3)}</p>`;
    const copied = `<html><head><title>Vehicle rental News | WRAL</title><meta property="og:site_name" content="WRAL">
</head><body><main><h1>Vehicle rental News | WRAL</h1>${body}</main></body></html>`;
    const { markdown, title } = convertHtmlToMarkdown(copied, "https://www.wral.com/vehicle-rental/1/");
    expect(title).toBe("Vehicle rental News");
    expect(markdown).not.toContain("WRAL");
    // A headline of its own keeps every word, the site's name included.
    const own = copied.replace(
      "<h1>Vehicle rental News | WRAL</h1>",
      "<h1>Vehicle rental News from WRAL</h1>",
    );
    expect(convertHtmlToMarkdown(own, "https://www.wral.com/vehicle-rental/1/").title).toBe(
      "Vehicle rental News from WRAL",
    );
  });
});
