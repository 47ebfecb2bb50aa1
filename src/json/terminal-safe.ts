// Text for a terminal from values partwise does not control (ids, names, part types, pointers, messages):
// control characters escaped as JSON escapes them, so hostile content can neither start a terminal escape
// sequence nor forge an output line. `session show`, `validate`, `encode`, `decode` and error lines use it.

const C1_CONTROLS = /[\u007f-\u009f]/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** JSON text with the C1 controls JSON leaves raw escaped too (U+009B starts a terminal escape sequence). */
function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(C1_CONTROLS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A string quoted as terminal-safe JSON, cut to `limit` characters with its full length noted. */
export function quoted(text: string, limit = Infinity): string {
  return text.length <= limit ? terminalSafeJson(text) : `${terminalSafeJson(text.slice(0, limit))}… (${text.length} chars)`;
}

/** A value as terminal-safe JSON text, cut to `limit` characters with its full length noted. */
export function compactJson(value: unknown, limit = Infinity): string {
  const text = terminalSafeJson(value);
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length} chars)`;
}

/** A line of output with every control character (newlines, ESC, C1) escaped as in JSON text, the rest as is. */
export function terminalSafeLine(text: string): string {
  return text.replace(CONTROLS, (character) => terminalSafeJson(character).slice(1, -1));
}
