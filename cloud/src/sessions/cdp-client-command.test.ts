import { describe, expect, it } from "vitest";
import { parseClientCommand } from "./cdp-client-command.js";

describe("parseClientCommand", () => {
  it("reads a command's four fields and nothing else", () => {
    expect(
      parseClientCommand(
        JSON.stringify({
          id: 3,
          method: "Page.navigate",
          params: { url: "https://a.test/" },
          sessionId: "S",
          x: 1,
        }),
      ),
    ).toEqual({ id: 3, method: "Page.navigate", params: { url: "https://a.test/" }, sessionId: "S" });
    const bare = parseClientCommand(JSON.stringify({ id: 0, method: "Browser.getVersion" }));
    expect(bare).toEqual({ id: 0, method: "Browser.getVersion" });
    // Absent stays absent: the router sends a command without a session id on the client's own.
    expect(Object.keys(bare as object).sort()).toEqual(["id", "method"]);
  });

  it("keeps the params object the client sent, a __proto__ key included, as its own field", () => {
    const command = parseClientCommand(
      '{"id":1,"method":"Page.navigate","params":{"__proto__":{"url":"file:///"}}}',
    );
    if (typeof command === "string") throw new Error(command);
    expect(Object.getPrototypeOf(command.params)).toBe(Object.prototype);
    expect(command.params?.["url"]).toBeUndefined();
    expect(Object.keys(command.params ?? {})).toEqual(["__proto__"]);
  });

  it("says what is wrong with a frame that is not a command", () => {
    const cases: [string, string][] = [
      ["{", "The message is not JSON."],
      ["null", "A command is a JSON object { id, method, params?, sessionId? }."],
      ["[1]", "A command is a JSON object { id, method, params?, sessionId? }."],
      ['"Page.enable"', "A command is a JSON object { id, method, params?, sessionId? }."],
      ['{"method":"Page.enable"}', "A command needs an integer id and a method."],
      ['{"id":1.5,"method":"Page.enable"}', "A command needs an integer id and a method."],
      ['{"id":9007199254740993,"method":"Page.enable"}', "A command needs an integer id and a method."],
      ['{"id":"1","method":"Page.enable"}', "A command needs an integer id and a method."],
      ['{"id":1,"method":7}', "A command needs an integer id and a method."],
      ['{"id":1,"method":"Page.enable","params":[]}', "A command's params must be an object."],
      ['{"id":1,"method":"Page.enable","params":null}', "A command's params must be an object."],
      ['{"id":1,"method":"Page.enable","params":"x"}', "A command's params must be an object."],
      ['{"id":1,"method":"Page.enable","sessionId":5}', "A command's sessionId must be a string."],
    ];
    for (const [frame, message] of cases)
      expect([frame, parseClientCommand(frame)]).toEqual([frame, message]);
  });

  it("names the first thing wrong when several are", () => {
    expect(parseClientCommand('{"method":1,"params":[],"sessionId":2}')).toBe(
      "A command needs an integer id and a method.",
    );
    expect(parseClientCommand('{"id":1,"method":"x","params":[],"sessionId":2}')).toBe(
      "A command's params must be an object.",
    );
  });
});
