import { describe, expect, it } from "vitest";
import { studioReducer, type StudioState } from "./studio-state.js";
import { newWorkspace, type Workspace } from "./workspace.js";

const start: StudioState = {
  workspace: newWorkspace("http://demo.test/"),
  schemaOrigin: "typed",
  pages: [],
  picked: undefined,
  variables: [],
};
const fromFile: Workspace = { ...start.workspace, schema: { mode: "zod", source: "z.string()" } };

describe("where the schema source came from", () => {
  it("holds a schema opened from a file until the person edits it", () => {
    const opened = studioReducer(start, { type: "workspace.replace", workspace: fromFile });
    expect(opened.schemaOrigin).toBe("file");
    // Other fields changing, or the mode switching, leave it held.
    const patched = studioReducer(opened, { type: "workspace.patch", patch: { instruction: "x" } });
    expect(patched.schemaOrigin).toBe("file");
    const edited = studioReducer(patched, { type: "schema.edit", source: "z.number()" });
    expect(edited).toMatchObject({ schemaOrigin: "typed", workspace: { schema: { source: "z.number()" } } });
  });

  it("holds a kept run's schema until the person presses Run", () => {
    const loaded = studioReducer(start, {
      type: "workspace.load-run",
      patch: { schema: { mode: "json", source: "{}" } },
    });
    expect(loaded.schemaOrigin).toBe("run");
    expect(studioReducer(loaded, { type: "schema.release" }).schemaOrigin).toBe("typed");
  });

  it("leaves the origin alone when a kept run brings no schema", () => {
    const loaded = studioReducer(start, { type: "workspace.load-run", patch: { url: "http://other.test/" } });
    expect(loaded.schemaOrigin).toBe("typed");
  });
});

describe("a selector sent to the selector box", () => {
  it("counts each send, so the same selector sent again fills the box again", () => {
    const once = studioReducer(start, { type: "selector.test", selector: "li.item" });
    const twice = studioReducer(once, { type: "selector.test", selector: "li.item" });
    expect(once.selectorTest).toEqual({ selector: "li.item", n: 1 });
    expect(twice.selectorTest).toEqual({ selector: "li.item", n: 2 });
    expect(twice.workspace).toBe(start.workspace); // testing a selector changes no option
  });
});
