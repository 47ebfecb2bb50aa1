// The inspector's markup templates: any interpolated text comes out with no character that could open a
// tag, an attribute value or an entity of its own, and reads back as exactly the text it was.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, html, lazyHtml } from "../../src/inspect/html.js";
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
