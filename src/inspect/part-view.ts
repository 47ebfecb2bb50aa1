// One part of a message as markup: text, reasoning collapsed with its length and summary, tool calls
// and results linked both ways, media inline (raster images) or as a download, unknown blocks
// pretty-printed, and payload badges that hold the payload data only when the page shows it in full.
import type { OpaquePayload, Part } from "../../generated/types.js";
import { unreachable } from "../parts/part-kinds.js";
import { html, type Html } from "./html.js";
import { partId, type ToolPairing } from "./tool-pairing.js";

/** What rendering a part needs besides the part. */
export interface PartContext {
  /** Include payload data (`--full`); otherwise only its provider, kind and size are shown. */
  readonly full: boolean;
  readonly pairing: ToolPairing;
}

/** Image types shown inline; any other media is offered as a download, never rendered (SVG can hold script). */
const INLINE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp"]);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const utf8 = new TextEncoder();

/** A byte count for people: 812 B, 3.4 kB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A number with thousands separators, the same on every machine. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const EMPTY_CONTAINER_END = /\s*([}\]])/y;

/**
 * JSON text indented token by token, so that numbers, escapes and key order stay exactly as received
 * (parsing and printing again would round 12345678901234567890); text that is not JSON comes back as is.
 */
export function prettyJson(text: string): string {
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  let pretty = "";
  let depth = 0;
  const newline = () => `\n${"  ".repeat(depth)}`;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    switch (character) {
      case '"': {
        // A string runs to the next quote that no backslash escapes.
        let end = index + 1;
        while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
        pretty += text.slice(index, end + 1);
        index = end;
        break;
      }
      case "{":
      case "[": {
        EMPTY_CONTAINER_END.lastIndex = index + 1;
        const empty = EMPTY_CONTAINER_END.exec(text);
        if (empty) {
          pretty += character + empty[1]!;
          index = EMPTY_CONTAINER_END.lastIndex - 1;
        } else {
          depth += 1;
          pretty += character + newline();
        }
        break;
      }
      case "}":
      case "]":
        depth -= 1;
        pretty += newline() + character;
        break;
      case ",":
        pretty += `,${newline()}`;
        break;
      case ":":
        pretty += ": ";
        break;
      case " ":
      case "\t":
      case "\n":
      case "\r":
        break;
      default:
        pretty += character;
    }
  }
  return pretty;
}

/** The bytes a base64 text decodes to. */
function decodedLength(base64: string): number {
  return Math.floor((base64.replace(/=+$/, "").length * 3) / 4);
}

function payloadBadge(payload: OpaquePayload | null | undefined, full: boolean): Html {
  if (!payload) return html``;
  const label = `${payload.provider} · ${payload.kind} · ${formatBytes(utf8.encode(payload.data).length)}`;
  if (!full) return html`<span class="badge payload">${label}</span>`;
  return html`<details class="payload-data"><summary class="badge payload">${label}</summary><pre>${payload.data}</pre></details>`;
}

/** Badges for a part's payload and attributes (attributes.provider names the provider that produced it). */
function badges(part: Part, full: boolean): Html {
  const attributes = Object.entries(part.attributes ?? {});
  return html`${payloadBadge(part.payload, full)}${attributes.map(([name, value]) =>
    name === "provider" ? html`<span class="badge provider">from ${value}</span>` : html`<span class="badge attribute">${name}=${value}</span>`)}`;
}

function media(part: Extract<Part, { type: "media" }>, full: boolean): Html {
  const { mimeType, dataKind, data, name } = part.media;
  const label = html`<span class="kind">Media</span> <code>${mimeType}</code>${name == null ? "" : html` <code>${name}</code>`}`;
  if (dataKind === "url") {
    // Only web links are made clickable: a `javascript:` or `data:` URL from a log stays text.
    const link = /^https?:\/\//i.test(data) ? html`<a href="${data}" rel="noreferrer noopener" target="_blank">${data}</a>` : html`<code>${data}</code>`;
    return html`<div class="part-head">${label} ${badges(part, full)}</div><p>${link}</p>`;
  }
  if (dataKind === "string") return html`<div class="part-head">${label} ${badges(part, full)}</div><pre>${data}</pre>`;
  const size = formatBytes(decodedLength(data));
  if (!BASE64.test(data)) return html`<div class="part-head">${label} ${badges(part, full)}</div><p class="warning">bytes that are not valid base64 (${formatCount(data.length)} characters)</p>`;
  if (INLINE_IMAGE_TYPES.has(mimeType.toLowerCase())) {
    return html`<div class="part-head">${label} <span class="muted">${size}</span> ${badges(part, full)}</div><img class="media-image" src="data:${mimeType.toLowerCase()};base64,${data}" alt="${name ?? mimeType}">`;
  }
  // Served as octet-stream so that the browser saves it rather than opening an HTML or SVG file from a log.
  return html`<div class="part-head">${label} ${badges(part, full)}</div><p><a class="download" download="${name ?? "media"}" href="data:application/octet-stream;base64,${data}">Download (${size})</a></p>`;
}

/** The marker after a tool call: a link to its result, or "no result"; a live update replaces it out of band. */
export function answerMarker(callId: string, resultId: string | undefined, outOfBand = false): Html {
  const content = resultId === undefined ? html`<span class="badge unanswered">no result</span>` : html`<a class="follow" href="#${resultId}">result →</a>`;
  return html`<span class="answer" id="answer-${callId}"${outOfBand ? html` hx-swap-oob="true"` : ""}>${content}</span>`;
}

/** A part as markup; `path` locates it in its message (and in tool-result content) for its id. */
export function renderPart(part: Part, seq: number, path: readonly number[], context: PartContext): Html {
  const id = partId(seq, path);
  switch (part.type) {
    case "text":
      return html`<div class="part text prose" id="${id}">${badges(part, context.full)}${part.text}</div>`;
    case "reasoning": {
      const length = part.text == null ? html`not revealed` : html`${formatCount(part.text.length)} characters`;
      const summary = part.summary == null ? "" : html` · <span class="summary-line">${part.summary.length > 160 ? `${part.summary.slice(0, 160)}…` : part.summary}</span>`;
      return html`<details class="part reasoning" id="${id}"><summary><span class="kind">Reasoning</span> <span class="muted">${length}</span>${summary} ${badges(part, context.full)}</summary>${
        part.text == null ? html`<p class="muted">Only the provider can read this reasoning; it is kept in the payload.</p>` : html`<div class="prose">${part.text}</div>`}${
        part.summary == null ? "" : html`<h4>Summary</h4><div class="prose">${part.summary}</div>`}</details>`;
    }
    case "tool_call":
      return html`<div class="part tool-call" id="${id}"><div class="part-head"><span class="kind">Tool call</span> <code class="tool-name">${part.toolCall.name}</code> <span class="muted">id <code>${part.toolCall.id}</code></span> ${badges(part, context.full)} ${answerMarker(id, context.pairing.resultOf(id))}</div><pre class="arguments">${prettyJson(part.toolCall.arguments)}</pre></div>`;
    case "tool_result": {
      const callId = context.pairing.callOf(id);
      const back = callId === undefined ? html`<span class="badge unanswered">no matching call</span>` : html`<a class="follow" href="#${callId}">← call</a>`;
      return html`<div class="part tool-result${part.isError ? " error" : ""}" id="${id}"><div class="part-head"><span class="kind">Tool result</span>${
        part.name == null ? "" : html` <code class="tool-name">${part.name}</code>`}${part.id == null ? "" : html` <span class="muted">id <code>${part.id}</code></span>`}${
        part.isError ? html` <span class="badge failed">error</span>` : ""} ${badges(part, context.full)} ${back}</div><div class="nested">${
        part.content.map((inner, index) => renderPart(inner, seq, [...path, index], context))}</div></div>`;
    }
    case "media":
      return html`<div class="part media" id="${id}">${media(part, context.full)}</div>`;
    case "unknown":
      return html`<div class="part unknown" id="${id}"><div class="part-head"><span class="kind">Unknown block</span> <code>${part.provider}</code> <code>${part.kind}</code> <span class="muted">${formatBytes(utf8.encode(part.rawJson).length)}</span> ${badges(part, context.full)}</div><pre>${prettyJson(part.rawJson)}</pre></div>`;
    default:
      return unreachable(part, "part");
  }
}
