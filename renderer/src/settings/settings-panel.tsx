/** Model, key and base URL (placeholder until its panel lands). */
export function SettingsPanel() {
  return <p className="placeholder">Model, key and base URL: coming soon.</p>;
}
