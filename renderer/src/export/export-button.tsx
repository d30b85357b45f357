/** The current run as code (placeholder until its panel lands). */
export function ExportButton() {
  return <p className="placeholder">The current run as code: coming soon.</p>;
}
