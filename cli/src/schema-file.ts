import { readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ClientError } from "@loupe/core";

/**
 * Loads the schema named by `--schema`: a `.json` file holds a JSON Schema; a `.js`/`.mjs` module
 * exports one (zod or JSON Schema) as its default export or as `schema`.
 */
export async function loadSchemaFile(path: string): Promise<unknown> {
  const file = resolve(path);
  const extension = extname(file).toLowerCase();
  if (extension === ".json") {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      throw new ClientError(`Cannot read the schema file ${file}: ${(error as Error).message}`);
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new ClientError(`The schema file ${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (extension === ".js" || extension === ".mjs") {
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown; schema?: unknown };
    const schema = module.default ?? module.schema;
    if (schema === undefined)
      throw new ClientError(`The module ${file} exports no schema: export it as default or as \`schema\`.`);
    return schema;
  }
  throw new ClientError(
    `--schema takes a .json file (JSON Schema) or a .js/.mjs module exporting a zod or JSON schema, not "${path}".`,
  );
}
