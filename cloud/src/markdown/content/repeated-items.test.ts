import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { findItemGroups } from "./repeated-items.js";

function body(html: string) {
  return parsePage(`<html><body>${html}</body></html>`).copy().body;
}

// Events listed with their place: each links to itself and to the places it is in, which other
// events share (the country, the region, the topic).
const EVENTS = Array.from(
  { length: 4 },
  (_, i) =>
    `<div class="row"><h2><a href="/events/${i}">Event number ${i}</a></h2>` +
    `<p><a href="/ical/${i}">Mar ${i + 1}</a> <a href="/topic/tech">Tech</a> conference in ` +
    `<a href="/city/${i}">City ${i}</a>, <a href="/country/us">United States</a>, <a href="/region/na">North America</a></p></div>`,
).join("");

// A menu whose entries each open a submenu of their own links.
const MENU = Array.from(
  { length: 4 },
  (_, i) =>
    `<li class="entry"><a href="/m/${i}">Section ${i}</a> ` +
    Array.from({ length: 5 }, (_, j) => `<a href="/m/${i}/${j}">Page ${i}.${j}</a>`).join(" ") +
    `</li>`,
).join("");

describe("findItemGroups", () => {
  it("reads cards as items when their many links are mostly ones the other cards share", () => {
    const groups = findItemGroups(body(`<div class="list">${EVENTS}</div>`));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.items).toHaveLength(4);
  });

  it("counts every link when told not to discount shared ones", () => {
    expect(findItemGroups(body(`<div class="list">${EVENTS}</div>`), false)).toHaveLength(0);
  });

  it("reads product cards as items whatever their colour swatches, links with nothing to show", () => {
    const cards = Array.from(
      { length: 4 },
      (_, i) =>
        `<div class="col-6"><a href="/p/${i}"><img src="/p/${i}.jpg" alt=""></a>` +
        Array.from(
          { length: 6 },
          (_, j) => `<a class="swatch" href="/p/${i}?color=${j}" aria-label="Colour ${j}"><span></span></a>`,
        ).join("") +
        `<h3><a href="/p/${i}">Carry-on number ${i}</a></h3><span class="price">$79.99</span></div>`,
    ).join("");
    const groups = findItemGroups(body(`<div class="grid">${cards}</div>`));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.items).toHaveLength(4);
    // Swatches with a picture each are ways out a reader sees.
    const pictured = cards.replaceAll("<span></span>", '<img src="/swatch.png" alt="">');
    expect(findItemGroups(body(`<div class="grid">${pictured}</div>`))).toHaveLength(0);
  });

  it("leaves out a menu whose entries each link to a submenu of their own", () => {
    expect(findItemGroups(body(`<ul class="menu">${MENU}</ul>`))).toHaveLength(0);
  });

  it("reads sibling posts as one list whatever their classes (each post's categories, a featured one)", () => {
    const topics = ["recipes tag-salmon", "dinner", "recipes category-lunch", "featured"];
    const posts = topics
      .map(
        (topic, i) =>
          `<article class="post-${i} post category-${topic}"><h2><a href="/p/${i}">Post number ${i}</a></h2>` +
          `<p>A summary of post ${i}.</p></article>`,
      )
      .join("");
    const groups = findItemGroups(body(`<main>${posts}</main>`));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.items).toHaveLength(4);
    // So do a list's entries; a menu of lone links, classed one by one, is still no group.
    const entries = posts.replaceAll("<article", "<li").replaceAll("</article>", "</li>");
    expect(findItemGroups(body(`<ul>${entries}</ul>`))[0]?.items).toHaveLength(4);
    const menu = [0, 1, 2, 3].map(
      (i) => `<li class="menu-item menu-item-${i}0${i}"><a href="/m/${i}">Section ${i}</a></li>`,
    );
    expect(findItemGroups(body(`<ul>${menu.join("")}</ul>`))).toHaveLength(0);
    // Other elements still group by their class words.
    expect(findItemGroups(body(`<main>${posts.replaceAll("article", "section")}</main>`))).toHaveLength(0);
  });
});
