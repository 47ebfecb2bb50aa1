// HTML built from templates whose every interpolated value is escaped unless it is already Html: the
// one way the inspector writes markup, so texts, tool names and metadata from a log can only be text.
// See https://html.spec.whatwg.org/multipage/parsing.html#escapingString for the characters escaped.

/** Markup that is safe to insert as is (it came from `html` or `joinHtml`). */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text with the five characters that mean something in HTML text or a quoted attribute escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** A value allowed in a template: Html as is, strings and numbers escaped, lists joined, nothing for null, undefined and false. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.text;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** A template of markup: `html\`<b>${name}</b>\`` escapes `name`. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let text = strings[0]!;
  values.forEach((value, index) => {
    text += render(value) + strings[index + 1]!;
  });
  return new Html(text);
}

/** Markup of values joined by a separator. */
export function joinHtml(values: readonly HtmlValue[], separator: string): Html {
  return new Html(values.map(render).join(escapeHtml(separator)));
}
