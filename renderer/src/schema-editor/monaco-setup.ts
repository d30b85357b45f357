/**
 * Monaco, bundled by Vite with its workers: only the editor core, its features, TypeScript and JSON
 * (not the ~80 other languages of the full entry). Nothing loads from a CDN: the workers are emitted
 * next to the app and started from 'self'; zod's types and the JSON Schema meta-schema are bundled.
 */
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/register.all";
import "monaco-editor/languages/definitions/typescript/register";
import * as monacoTypescript from "monaco-editor/languages/features/typescript/register";
import * as monacoJson from "monaco-editor/languages/features/json/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import TypeScriptWorker from "monaco-editor/language/typescript/ts.worker?worker";
import JsonWorker from "monaco-editor/language/json/json.worker?worker";
import zodTypes from "virtual:zod-types";
import draft07 from "./json-schema-draft-07.json";

export { monaco };

/** The models the editor switches between, one per mode. */
export const ZOD_MODEL_URI = monaco.Uri.parse("file:///schema.ts");
export const JSON_MODEL_URI = monaco.Uri.parse("file:///schema.json");

// `globalThis`, not `window`: Monaco reads its environment from there, in the page and in tests alike.
(globalThis as { MonacoEnvironment?: monaco.Environment }).MonacoEnvironment = {
  getWorker(_workerId, label) {
    if (label === "typescript" || label === "javascript") return new TypeScriptWorker();
    if (label === "json") return new JsonWorker();
    return new EditorWorker();
  },
};

const ts = monacoTypescript.typescriptDefaults;
ts.setCompilerOptions({
  target: monacoTypescript.ScriptTarget.ESNext,
  module: monacoTypescript.ModuleKind.ESNext,
  moduleResolution: monacoTypescript.ModuleResolutionKind.NodeJs,
  // No DOM and no Node types: the sandbox has neither, so using them is an error here too.
  lib: ["es2022"],
  strict: true,
  noEmit: true,
  allowNonTsExtensions: true,
});
ts.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false });
ts.setExtraLibs([
  ...Object.entries(zodTypes).map(([filePath, content]) => ({ filePath, content })),
  // The sandbox puts `z` in scope; this says so to the type checker.
  { filePath: "file:///loupe-sandbox-globals.d.ts", content: `declare const z: typeof import("zod").z;\n` },
]);

monacoJson.jsonDefaults.setDiagnosticsOptions({
  validate: true,
  enableSchemaRequest: false, // never fetch a meta-schema from the network
  schemaValidation: "error",
  schemas: [
    {
      uri: "http://json-schema.org/draft-07/schema#",
      fileMatch: [JSON_MODEL_URI.toString()],
      schema: draft07,
    },
    // A 2020-12 document is checked against draft-07's rules rather than left unchecked: the keywords a
    // schema for extraction uses mean the same in both.
    { uri: "https://json-schema.org/draft/2020-12/schema", schema: draft07 },
  ],
});

/** The model for a mode, created once and kept (undo history survives a mode switch). */
export function modelFor(mode: "zod" | "json", initial: string): monaco.editor.ITextModel {
  const uri = mode === "zod" ? ZOD_MODEL_URI : JSON_MODEL_URI;
  return (
    monaco.editor.getModel(uri) ??
    monaco.editor.createModel(initial, mode === "zod" ? "typescript" : "json", uri)
  );
}
