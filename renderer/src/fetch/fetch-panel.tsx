/** A URL fetched without a browser (placeholder until its panel lands). */
export function FetchPanel() {
  return <p className="placeholder">A URL fetched without a browser: coming soon.</p>;
}
