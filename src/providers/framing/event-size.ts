// The per-event size limit the stream framings share (SSE events, NDJSON lines; issue 22 item 5), measured
// in UTF-8 bytes with bytes/utf8.ts.

/** The largest SSE event or NDJSON line read by default: 64 MiB, room for inline images. */
export const DEFAULT_MAX_EVENT_BYTES = 64 * 1024 * 1024;
