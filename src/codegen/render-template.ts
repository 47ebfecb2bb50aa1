// A small logic-less template renderer for the files in templates/ (the README's provider tables, the
// provider scaffold and the models for other languages): `{{path}}` inserts a value, `{{#path}}...{{/path}}`
// repeats for each item of a list (or renders once for a truthy value), `{{^path}}...{{/path}}` renders
// when the value is empty or falsy, and `{{.}}` is the current item. Nothing is escaped: the outputs
// are code and Markdown, not HTML.
import { readFile } from "node:fs/promises";
import { InternalError } from "../errors/partwise-error.js";

type Context = readonly Record<string, unknown>[];

function lookup(context: Context, path: string): unknown {
  if (path === ".") return context[0] && "." in context[0] ? context[0]["."] : context[0];
  for (const scope of context) {
    const segments = path.split(".");
    if (!(segments[0] as string in scope)) continue;
    let value: unknown = scope;
    for (const segment of segments) value = (value as Record<string, unknown> | undefined)?.[segment];
    return value;
  }
  return undefined;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === false || value === "" || (Array.isArray(value) && value.length === 0);
}

const TAG = /\{\{([#^/]?)\s*([\w.]+)\s*\}\}/g;

function render(template: string, context: Context): string {
  let output = "";
  let position = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(template); match; match = TAG.exec(template)) {
    const [tag, sigil, path] = match as unknown as [string, string, string];
    output += template.slice(position, match.index);
    position = match.index + tag.length;
    if (sigil === "") {
      const value = lookup(context, path);
      output += value === undefined || value === null ? "" : String(value);
      continue;
    }
    if (sigil === "/") throw new InternalError("internal/invariant", `template: unexpected {{/${path}}}`);
    const end = findClose(template, path, position);
    const body = template.slice(position, end);
    const value = lookup(context, path);
    if (sigil === "^") {
      if (isEmpty(value)) output += render(body, context);
    } else if (Array.isArray(value)) {
      for (const item of value) output += render(body, [typeof item === "object" && item !== null ? item : { ".": item }, ...context]);
    } else if (!isEmpty(value)) {
      output += render(body, [typeof value === "object" ? (value as Record<string, unknown>) : {}, ...context]);
    }
    position = end + `{{/${path}}}`.length;
    TAG.lastIndex = position;
  }
  return output + template.slice(position);
}

/** The offset of the `{{/path}}` closing the section that starts at `from`, nested sections skipped. */
function findClose(template: string, path: string, from: number): number {
  const pattern = new RegExp(`\\{\\{([#^/])\\s*${path.replace(/\./g, "\\.")}\\s*\\}\\}`, "g");
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(template); match; match = pattern.exec(template)) {
    depth += match[1] === "/" ? -1 : 1;
    if (depth === 0) return match.index;
  }
  throw new InternalError("internal/invariant", `template: {{#${path}}} is never closed`);
}

/** Renders a template text with a data object. A section tag alone on its line leaves no blank line. */
export function renderTemplate(template: string, data: Record<string, unknown>): string {
  return render(template.replace(/^[ \t]*(\{\{[#^/]\s*[\w.]+\s*\}\})[ \t]*\n/gm, "$1"), [data]);
}

/** Renders a template file of templates/ with a data object. */
export async function renderTemplateFile(path: string | URL, data: Record<string, unknown>): Promise<string> {
  return renderTemplate(await readFile(path, "utf8"), data);
}
