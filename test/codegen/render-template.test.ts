import { describe, expect, it } from "vitest";
import { renderTemplate } from "../../src/codegen/render-template.js";

describe("renderTemplate", () => {
  it("inserts values by dotted path and repeats a section for each list item", () => {
    const template = "# {{title}}\n{{#rows}}\n- {{name}}: {{meta.size}} in {{title}}\n{{/rows}}\nend\n";
    expect(renderTemplate(template, { title: "T", rows: [{ name: "a", meta: { size: 1 } }, { name: "b", meta: { size: 2 } }] }))
      .toBe("# T\n- a: 1 in T\n- b: 2 in T\nend\n");
  });

  it("renders an inverted section only for an empty or falsy value, and {{.}} for plain items", () => {
    expect(renderTemplate("{{^items}}none{{/items}}{{#items}}[{{.}}]{{/items}}", { items: [] })).toBe("none");
    expect(renderTemplate("{{^items}}none{{/items}}{{#items}}[{{.}}]{{/items}}", { items: ["x", "y"] })).toBe("[x][y]");
  });

  it("handles nested sections of the same name and reports one never closed", () => {
    expect(renderTemplate("{{#a}}({{#a}}in{{/a}}){{/a}}", { a: { a: true } })).toBe("(in)");
    expect(() => renderTemplate("{{#a}}open", { a: true })).toThrow("{{#a}} is never closed");
  });
});
