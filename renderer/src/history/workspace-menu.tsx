/** Save and open a workspace (placeholder until its panel lands). */
export function WorkspaceMenu() {
  return <p className="placeholder">Save and open a workspace: coming soon.</p>;
}
