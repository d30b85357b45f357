/** One action on the page (placeholder until its panel lands). */
export function ActPanel() {
  return <p className="placeholder">One action on the page: coming soon.</p>;
}
