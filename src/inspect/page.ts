// The document around a page of the inspector: served pages link their styles and scripts from the
// server under a strict Content-Security-Policy; an exported page carries them inline, allowed by hash
// in its own policy, so neither runs anything a log's content could smuggle in.
import { createHash } from "node:crypto";
import { Html, html } from "./html.js";
import { CLIENT_SCRIPT, LIBRARY_PATHS, STYLESHEET } from "./page-assets.js";

/** The policy of served pages: scripts and styles from the server only, images from it or data: URLs. */
export const SERVED_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** htmx without eval, inline styles or script tags in swapped content: the page runs only its own files. */
const HTMX_CONFIG = JSON.stringify({ allowEval: false, allowScriptTags: false, includeIndicatorStyles: false, historyEnabled: false });

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/** How a page gets its assets. */
export type PageAssets =
  /** Linked from the server; `live` loads htmx and its SSE extension too. */
  | { readonly kind: "served"; readonly live: boolean }
  /** Inline, for one self-contained file. */
  | { readonly kind: "inline" };

export interface PageContent {
  readonly title: string;
  /** The page header (inside `<header class="page">`). */
  readonly header: Html;
  readonly main: Html;
  readonly assets: PageAssets;
}

function head(assets: PageAssets): Html {
  if (assets.kind === "inline") {
    const policy = `default-src 'none'; style-src ${sha256(STYLESHEET)}; script-src ${sha256(CLIENT_SCRIPT)}; img-src data:; base-uri 'none'; form-action 'none'`;
    return html`<meta http-equiv="Content-Security-Policy" content="${policy}"><style>${new Html(STYLESHEET)}</style><script>${new Html(CLIENT_SCRIPT)}</script>`;
  }
  const libraries = assets.live ? LIBRARY_PATHS.map((path) => html`<script defer src="${path}"></script>`) : [];
  return html`<meta name="htmx-config" content="${HTMX_CONFIG}"><link rel="stylesheet" href="/assets/inspect.css">${libraries}<script defer src="/assets/inspect.js"></script>`;
}

/** A whole HTML document. */
export function renderDocument(content: PageContent): Html {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><link rel="icon" href="data:,"><title>${content.title}</title>${head(content.assets)}</head>
<body><a class="skip" href="#main">Skip to content</a><header class="page">${content.header}</header><main id="main">${content.main}</main></body></html>
`;
}
