/** Instruction, schema editor, options and results (placeholder until its panel lands). */
export function ExtractPanel() {
  return <p className="placeholder">Instruction, schema editor, options and results: coming soon.</p>;
}
