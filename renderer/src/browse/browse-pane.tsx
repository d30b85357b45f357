/** The live page, address bar and tabs (placeholder until its panel lands). */
export function BrowsePane() {
  return <p className="placeholder">The live page, address bar and tabs: coming soon.</p>;
}
