// The per-event size limit the stream framings share (SSE events, NDJSON lines) and the UTF-8 length of
// text they measure it with, in Web APIs only (issue 22 item 5).

/** The largest SSE event or NDJSON line read by default: 64 MiB, room for inline images. */
export const DEFAULT_MAX_EVENT_BYTES = 64 * 1024 * 1024;

/** The UTF-8 length of `text[start, end)` (a lone surrogate counts 3, as TextEncoder writes U+FFFD). */
export function utf8Length(text: string, start: number, end: number): number {
  let bytes = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < end && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}
