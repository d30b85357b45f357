/**
 * A small article page (navigation, headings, list, table, a relative link, footer) for the Cloud's format
 * tests, and a JSON schema of what it says about one tower.
 */

/** The page: a lighthouse guide in an `<article>` between a site's navigation and footer. */
export const LIGHTHOUSE_ARTICLE_HTML = `<!doctype html>
<html lang="en">
<head><title>Lighthouse Guide</title><meta charset="utf-8"></head>
<body>
  <nav class="site-nav"><a href="/">Home</a> <a href="/about">About the society</a> <a href="/shop">Gift shop</a></nav>
  <main>
    <article>
      <h1>Lighthouse Guide</h1>
      <p>Lighthouses have guided ships past dangerous coasts for more than two thousand years. This guide
      describes a few famous towers, how tall they stand, and where their keepers learned the trade.</p>
      <h2>Famous lighthouses</h2>
      <ul>
        <li>Eddystone</li>
        <li>Bell Rock</li>
        <li>Pharos of Alexandria</li>
      </ul>
      <h2>Heights</h2>
      <table>
        <thead><tr><th>Name</th><th>Height</th></tr></thead>
        <tbody>
          <tr><td>Eddystone</td><td>49 m</td></tr>
          <tr><td>Bell Rock</td><td>35 m</td></tr>
        </tbody>
      </table>
      <p>Every keeper started with the <a href="/docs/keepers">keepers' handbook</a>, which is still in print
      and still explains how to trim a wick, wind the clockwork and log a passing ship.</p>
    </article>
  </main>
  <footer class="site-footer">Copyright 2024 Coastal Lights Society. Privacy policy. Terms of use.</footer>
</body>
</html>`;

/** A tower's name and height, and the handbook's address: what a json fetch of the page asks for. */
export const LIGHTHOUSE_SCHEMA = {
  type: "object",
  properties: {
    name: { type: "string" },
    heightMeters: { type: "number" },
    handbook: { type: "string", format: "uri" },
  },
  required: ["name", "heightMeters", "handbook"],
  additionalProperties: false,
};
