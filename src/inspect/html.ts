// HTML built from templates whose every interpolated value is escaped unless it is already Html: the
// one way the inspector writes markup, so texts, tool names and metadata from a log can only be text.
// See https://html.spec.whatwg.org/multipage/parsing.html#escapingString for the characters escaped.

/** A piece of markup: text already escaped, nested markup, or markup made only when it is written out. */
type Chunk = string | Html | { readonly later: Iterable<Html> };

/**
 * Markup that is safe to insert as is (it came from `html` or `lazyHtml`). It keeps its pieces as a tree
 * and joins them only when written out: a 10,000-message page would otherwise be copied again at every
 * level of nesting, and a server can send the start of a long page while the rest is still being made.
 */
export class Html {
  readonly #chunks: readonly Chunk[];

  /** Markup from trusted text (the page's own stylesheet and script) or pieces `html` escaped. */
  constructor(content: string | readonly Chunk[]) {
    this.#chunks = typeof content === "string" ? [content] : content;
  }

  /** The markup in document order, piece by piece; markup made later is made as it is reached. */
  *pieces(): Generator<string> {
    for (const chunk of this.#chunks) {
      if (typeof chunk === "string") yield chunk;
      else if (chunk instanceof Html) yield* chunk.pieces();
      else for (const part of chunk.later) yield* part.pieces();
    }
  }

  /** The markup as one string. */
  get text(): string {
    return [...this.pieces()].join("");
  }

  toString(): string {
    return this.text;
  }
}

/** Markup made from `parts` only when it is written out (once: a generator is read a single time). */
export function lazyHtml(parts: Iterable<Html>): Html {
  return new Html([{ later: parts }]);
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text with the five characters that mean something in HTML text or a quoted attribute escaped. */
export function escapeHtml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (character) => ESCAPES[character]!) : text;
}

/** A value allowed in a template: Html as is, strings and numbers escaped, lists joined, nothing for null, undefined and false. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function push(chunks: Chunk[], value: HtmlValue): void {
  if (value instanceof Html) chunks.push(value);
  else if (Array.isArray(value)) for (const item of value as readonly HtmlValue[]) push(chunks, item);
  else if (value !== null && value !== undefined && value !== false) chunks.push(escapeHtml(String(value)));
}

/** A template of markup: `html\`<b>${name}</b>\`` escapes `name`. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  const chunks: Chunk[] = [strings[0]!];
  values.forEach((value, index) => {
    push(chunks, value);
    chunks.push(strings[index + 1]!);
  });
  return new Html(chunks);
}
