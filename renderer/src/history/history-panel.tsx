/** Every run, rerun and diff (placeholder until its panel lands). */
export function HistoryPanel() {
  return <p className="placeholder">Every run, rerun and diff: coming soon.</p>;
}
