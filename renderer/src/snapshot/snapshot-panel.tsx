/** What the model sees (placeholder until its panel lands). */
export function SnapshotPanel() {
  return <p className="placeholder">What the model sees: coming soon.</p>;
}
