// The inspector's markup: interpolated text comes out with no character that could open a tag, an
// attribute value or an entity, and reads back as it was; JSON is indented with every token kept as written.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, html, lazyHtml } from "../../src/inspect/html.js";
import { prettyJson } from "../../src/inspect/part-view.js";
import { propertyRuns } from "../support/property-runs.js";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
}

describe("html", () => {
  it("escapes every interpolated string so that it cannot end a text or attribute context and reads back unchanged", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => {
      const markup = html`<p title="${text}">${text}</p>`.text;
      const inner = markup.slice('<p title="'.length, -"</p>".length);
      const [attribute, content] = inner.split('">');
      expect(attribute).not.toMatch(/[<>"']/);
      expect(content).not.toMatch(/[<>"']/);
      expect(unescape(attribute!)).toBe(text);
      expect(unescape(content!)).toBe(text);
    }), { numRuns: propertyRuns(500) });
  });

  it("inserts nested markup as is and joins lists, leaving out null, undefined and false", () => {
    const items = ["<a>", "b&c"].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}${null}${undefined}${false}${0}</ul>`.text).toBe("<ul><li>&lt;a&gt;</li><li>b&amp;c</li>0</ul>");
  });

  it("makes lazy markup when it is written out, in document order", () => {
    const made: number[] = [];
    const later = lazyHtml((function* () {
      for (const index of [1, 2]) {
        made.push(index);
        yield html`<i>${index}</i>`;
      }
    })());
    const page = html`<b>${escapeHtml("<")}</b>${later}<hr>`;
    expect(made).toEqual([]);
    expect([...page.pieces()].join("")).toBe("<b>&amp;lt;</b><i>1</i><i>2</i><hr>");
    expect(made).toEqual([1, 2]);
  });
});

describe("prettyJson", () => {
  it("indents like JSON.stringify(value, null, 2) for any JSON value", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const compact = JSON.stringify(value);
      expect(prettyJson(compact)).toBe(JSON.stringify(JSON.parse(compact), null, 2));
    }), { numRuns: propertyRuns(500) });
  });

  it("keeps numbers, escapes and duplicate keys as written, and returns text that is not JSON as is", () => {
    expect(prettyJson('{"id":12345678901234567890, "e":"\\u00e9\\"", "a":[ ],"a":{}}')).toBe('{\n  "id": 12345678901234567890,\n  "e": "\\u00e9\\"",\n  "a": [],\n  "a": {}\n}');
    expect(prettyJson("{not json")).toBe("{not json");
  });
});
