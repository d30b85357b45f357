import { describe, expect, it } from "vitest";
import { formatRepairIssues } from "./repair-issues.js";

describe("formatRepairIssues", () => {
  const issues = [
    { path: ["products", 1, "url"], message: "`9-99` is not the id of a link in the snapshot" },
    { path: [], message: "must be array" },
    { path: ["title"], message: "is required but missing" },
  ];

  it("writes one `- path: message` bullet per issue", () => {
    expect(formatRepairIssues(issues)).toBe(
      [
        "- products[1].url: `9-99` is not the id of a link in the snapshot",
        "- (the value): must be array",
        "- title: is required but missing",
      ].join("\n"),
    );
  });

  it("prefixes paths so they match a wrapped answer", () => {
    expect(formatRepairIssues(issues.slice(0, 2), { pathPrefix: ["value"] })).toBe(
      [
        "- value.products[1].url: `9-99` is not the id of a link in the snapshot",
        "- value: must be array",
      ].join("\n"),
    );
  });

  it("is empty for no issues", () => {
    expect(formatRepairIssues([])).toBe("");
  });
});
