// The inspector's own stylesheet and script, and where the front-end libraries it serves live: htmx
// and its SSE extension, loaded from the package's dependencies, never from a CDN, so pages work offline.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/** Readable contrast (text at least 7:1, badges at least 4.5:1), visible focus, and long logs laid out lazily. */
export const STYLESHEET = `
:root { color-scheme: light; --text: #1b1b1b; --muted: #4a4a4a; --line: #c9c9c9; --link: #0b4fa8; --focus: #1a5fb4; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; }
a { color: var(--link); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; z-index: 2; }
header.page { padding: 12px 24px; border-bottom: 1px solid var(--line); background: #f6f8fa; }
header.page h1 { margin: 0 0 4px; font-size: 20px; overflow-wrap: anywhere; }
main { padding: 12px 24px 48px; max-width: 1100px; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { overflow-wrap: anywhere; unicode-bidi: isolate; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; padding: 8px; background: #f6f8fa; border: 1px solid #e1e4e8; border-radius: 4px; max-height: 480px; overflow: auto; }
.muted, time { color: var(--muted); }
.keys { color: var(--muted); font-size: 13px; }
kbd { border: 1px solid var(--line); border-radius: 3px; padding: 0 4px; font-size: 12px; background: #fff; }
table.sessions { border-collapse: collapse; width: 100%; }
table.sessions th, table.sessions td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e1e4e8; vertical-align: top; }
table.sessions td.metadata { max-width: 420px; }
form.search { display: flex; gap: 8px; align-items: center; margin: 8px 0 12px; flex-wrap: wrap; }
form.search input { font: inherit; padding: 4px 8px; min-width: 320px; border: 1px solid #767676; border-radius: 4px; }
form.search button, nav.paging a { font: inherit; padding: 4px 12px; border: 1px solid #767676; border-radius: 4px; background: #fff; color: var(--text); text-decoration: none; }
nav.paging { display: flex; gap: 8px; margin-top: 12px; align-items: center; }
h2.turn { font-size: 15px; margin: 24px 0 8px; padding-bottom: 2px; border-bottom: 2px solid var(--line); }
.event { border: 1px solid var(--line); border-left: 6px solid #8a8a8a; border-radius: 4px; margin: 8px 0; padding: 8px 12px; content-visibility: auto; contain-intrinsic-size: auto 140px; }
.event:focus { outline: 3px solid var(--focus); }
.role-user { border-left-color: #1a7f37; }
.role-assistant { border-left-color: #0b4fa8; }
.role-tool { border-left-color: #8250df; }
.role-system { border-left-color: #9a6700; }
.event:has(.state.covered) { background: #f2f2f2; border-top-style: dashed; border-right-style: dashed; border-bottom-style: dashed; }
.event.boundary { border-left-color: #cf222e; background: #fff5f5; }
.cut { margin: 16px 0 8px; padding: 4px 8px; border-top: 3px dashed #cf222e; color: #7a1212; font-size: 13px; }
.event-head { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; margin-bottom: 4px; }
.role, .kind { font-weight: 600; }
.seq { font-family: ui-monospace, monospace; }
.part { margin: 6px 0; padding: 4px 0; }
.part:target, .event:target { background: #fff4cc; }
.part-head { display: flex; gap: 6px; align-items: baseline; flex-wrap: wrap; }
.prose { white-space: pre-wrap; overflow-wrap: anywhere; }
.nested { margin-left: 16px; padding-left: 8px; border-left: 2px solid #e1e4e8; }
details > summary { cursor: pointer; }
.reasoning > summary { color: #3d2a7a; }
.summary-line { font-style: italic; }
.reasoning h4 { margin: 8px 0 2px; font-size: 13px; }
td time { white-space: nowrap; }
.badge, .state { display: inline-block; font-size: 12px; line-height: 1.6; padding: 0 6px; border-radius: 10px; border: 1px solid transparent; }
.badge.payload { background: #fff3c4; color: #3b2e00; border-color: #d4a72c; }
.badge.provider { background: #dcecf9; color: #0b3d63; }
.badge.attribute { background: #eeeeee; color: #333333; }
.badge.unanswered, .badge.failed { background: #fde2e2; color: #7a1212; }
.badge.synthetic { background: #e9e2fb; color: #3d2a7a; }
.state.active { background: #dafbe1; color: #0f5323; }
.state.pinned { background: #dcecf9; color: #0b3d63; }
.state.covered { background: #e5e5e5; color: #333333; }
.tool-result.error { background: #fff5f5; }
.media-image { max-width: 100%; max-height: 360px; border: 1px solid var(--line); }
.warning { color: #7a1212; }
.payload-data { display: inline; }
.live { font-size: 13px; color: var(--muted); }
`;

/**
 * Keyboard navigation (j/k: next/previous event, / : search) and the guard that keeps an SSE reconnect
 * from appending events twice: the extension reopens the same URL, so events up to the last id shown
 * are dropped.
 */
export const CLIENT_SCRIPT = `
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest("input, textarea, select")) return;
  if (event.key === "/") {
    const search = document.querySelector("input[type=search]");
    if (search) { event.preventDefault(); search.focus(); }
    return;
  }
  if (event.key !== "j" && event.key !== "k") return;
  const items = [...document.querySelectorAll(".event")];
  if (items.length === 0) return;
  const current = items.indexOf(document.activeElement.closest(".event"));
  const next = current === -1 ? (event.key === "j" ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, current + (event.key === "j" ? 1 : -1)));
  items[next].focus();
  items[next].scrollIntoView({ block: "nearest" });
});
document.addEventListener("htmx:sseBeforeMessage", (event) => {
  const log = event.target;
  const seq = Number(event.detail.lastEventId);
  if (!(seq > Number(log.dataset.lastSeq))) event.preventDefault();
  else log.dataset.lastSeq = String(seq);
});
`;

const require = createRequire(import.meta.url);

/** The library files pages load, by the path the server serves them under. */
const LIBRARIES: Record<string, string> = {
  "/assets/htmx.min.js": "htmx.org/dist/htmx.min.js",
  "/assets/sse.min.js": "htmx-ext-sse/dist/sse.min.js",
};

/** The URL paths of the library scripts, in load order. */
export const LIBRARY_PATHS = Object.keys(LIBRARIES);

/** The text of a library file served under `path`, or undefined for a path that is none. */
export async function readLibrary(path: string): Promise<string | undefined> {
  const module = LIBRARIES[path];
  return module === undefined ? undefined : readFile(require.resolve(module), "utf8");
}
