// An ESLint rule for what `no-restricted-imports` cannot see: where a RELATIVE import lands. A pattern
// matches the text of a specifier, so `../../node/studio-service.js` from electron/src/common/ names no
// forbidden folder; this rule resolves the specifier against the importing file and checks the folder it
// lands in against the importing folder's list.
import { dirname, relative, resolve, sep } from "node:path";

/**
 * @typedef {object} Area A folder and the folders its files may import by relative path.
 * @property {string} folder Relative to the repository root, `/`-separated.
 * @property {string[]} may Folders a file here may import from (its own is always allowed).
 * @property {string[]} [testsMay] More folders its `*.test.*` files may import from.
 * @property {string} why Said when an import breaks the rule.
 */

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** The area `file` (root-relative, `/`-separated) lives in: the longest folder that holds it. */
function areaOf(areas, file) {
  let found;
  for (const area of areas)
    if (file.startsWith(`${area.folder}/`) && (!found || area.folder.length > found.folder.length))
      found = area;
  return found;
}

function within(file, folder) {
  return file === folder || file.startsWith(`${folder}/`);
}

/** @type {import("eslint").Rule.RuleModule} */
export const folderBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "A relative import stays inside the folders its own folder may use." },
    schema: [
      {
        type: "object",
        properties: { areas: { type: "array" } },
        required: ["areas"],
        additionalProperties: false,
      },
    ],
    messages: {
      crossing: "{{from}}/ may not import {{to}} by path ({{specifier}}): {{why}}",
    },
  },
  create(context) {
    /** @type {Area[]} */
    const areas = context.options[0].areas;
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join("/");
    const area = areaOf(areas, file);
    if (!area) return {};
    const allowed = [area.folder, ...area.may, ...(TEST_FILE.test(file) ? (area.testsMay ?? []) : [])];

    const check = (source) => {
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const specifier = source.value;
      if (!specifier.startsWith("./") && !specifier.startsWith("../")) return;
      const target = relative(root, resolve(dirname(context.filename), specifier))
        .split(sep)
        .join("/");
      if (allowed.some((folder) => within(target, folder))) return;
      context.report({
        node: source,
        messageId: "crossing",
        data: { from: area.folder, to: target, specifier, why: area.why },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
