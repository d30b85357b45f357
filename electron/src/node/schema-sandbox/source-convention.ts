import type * as TypeScript from "typescript";
import type { SourceIssue } from "./sandbox-result.js";

/** The typescript module (loaded by the caller: it is large, so only the sandbox worker loads it). */
export type TypeScriptModule = typeof TypeScript;

/** The global the rewritten script leaves the schema in, when it is not a `schema` declaration. */
export const RESULT_GLOBAL = "__loupeSchema";

/**
 * The zod-mode convention, shown in the editor's starter comment:
 *
 * - `z` is in scope; `import { z } from "zod"` (or `import * as z`) is allowed and ignored.
 * - The schema is a top-level `const schema = …` (also `let`/`var`, `export const`), else
 *   `export default …`, else the LAST top-level expression statement — so a bare `z.object({…})` works.
 *
 * Rewrites keep every line where it was (imports become blanks), so positions in issues match the editor.
 */
export function prepareSource(
  ts: TypeScriptModule,
  source: string,
): { ok: true; script: string } | { ok: false; issues: SourceIssue[] } {
  const file = ts.createSourceFile("schema.ts", source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const syntax = syntaxIssues(ts, source);
  if (syntax.length > 0) return { ok: false, issues: syntax };

  const edits: { start: number; end: number; text: string }[] = [];
  const issues: SourceIssue[] = [];
  let declaresSchema = false;
  let lastExpression: TypeScript.ExpressionStatement | undefined;
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      const from = ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : "";
      if (from === "zod" || from === "zod/v4") edits.push(blank(statement, file));
      else issues.push(issueAt(ts, file, statement, `Only zod can be imported here, not "${from}".`));
    } else if (ts.isVariableStatement(statement)) {
      const exported = statement.modifiers?.find((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (exported) edits.push(blank(exported, file));
      if (
        statement.declarationList.declarations.some(
          (d) => ts.isIdentifier(d.name) && d.name.text === "schema",
        )
      )
        declaresSchema = true;
    } else if (ts.isExportAssignment(statement)) {
      // `export default expr` → `__loupeSchema = expr`: the keyword span is replaced on its own line.
      const keywordEnd = statement.expression.getStart(file);
      edits.push({ start: statement.getStart(file), end: keywordEnd, text: `${RESULT_GLOBAL} = ` });
      lastExpression = undefined;
    } else if (ts.isExpressionStatement(statement)) {
      lastExpression = statement;
    } else if (ts.isExportDeclaration(statement)) {
      issues.push(issueAt(ts, file, statement, "Export the schema as `export const schema = …`."));
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  if (!declaresSchema && lastExpression && !edits.some((e) => e.text.startsWith(RESULT_GLOBAL))) {
    const start = lastExpression.getStart(file);
    edits.push({ start, end: start, text: `${RESULT_GLOBAL} = ` });
  }

  let rewritten = source;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    rewritten = rewritten.slice(0, edit.start) + edit.text + rewritten.slice(edit.end);
  const output = ts.transpileModule(rewritten, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None, removeComments: false },
    reportDiagnostics: false,
  });
  // The realm declares RESULT_GLOBAL before this runs, so the script's lines are the editor's lines.
  return { ok: true, script: output.outputText.replace(/^"use strict";\s*/, "") };
}

/** Syntax errors only: type errors are the editor's business (Monaco shows them as the person types). */
function syntaxIssues(ts: TypeScriptModule, source: string): SourceIssue[] {
  const { diagnostics = [] } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: true,
    fileName: "schema.ts",
  });
  return diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return { message };
    const start = d.file.getLineAndCharacterOfPosition(d.start);
    const end = d.file.getLineAndCharacterOfPosition(d.start + (d.length ?? 0));
    return {
      message,
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
    };
  });
}

/** Replaces a node with spaces (newlines kept), so nothing after it moves. */
function blank(node: TypeScript.Node, file: TypeScript.SourceFile) {
  const start = node.getStart(file);
  const text = file.text.slice(start, node.getEnd()).replace(/[^\n]/g, " ");
  return { start, end: node.getEnd(), text };
}

function issueAt(ts: TypeScriptModule, file: TypeScript.SourceFile, node: TypeScript.Node, message: string) {
  const start = ts.getLineAndCharacterOfPosition(file, node.getStart(file));
  const end = ts.getLineAndCharacterOfPosition(file, node.getEnd());
  return {
    message,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
  };
}
