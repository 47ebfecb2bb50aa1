// `npm run measure:inspect`: how the session page holds a 10,000-message session in headless Chromium:
// the server's render time and page size, the browser's load timings, and the page's JS heap and DOM
// size (CDP Performance.getMetrics). Figures, not assertions; run it on an idle machine.
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Message } from "../generated/types.js";
import { startInspectServer } from "../src/inspect/inspect-server.js";
import { message, opaquePayload, reasoningPart, textPart, toolCallPart, toolResultPart } from "../src/parts/constructors.js";
import { MESSAGE_EVENT } from "../src/session/event-kinds.js";
import { SessionService } from "../src/session/session-service.js";
import { SqliteSessionRepository } from "../src/session/sqlite-session-repository.js";
import { launchBrowser } from "../test/support/browser.js";

const { values } = parseArgs({ options: { messages: { type: "string", default: "10000" } } });
const count = Number(values.messages);

/** Turn n of a tool loop: a question, signed reasoning with a call, its result, an answer (4 messages). */
function turn(n: number): Message[] {
  const id = `call_${n}`;
  return [
    message("user", [textPart(`Question ${n}: what is the weather in city ${n % 97}, and should I bring an umbrella?`)]),
    message("assistant", [
      reasoningPart({ text: `The user asks about city ${n % 97}. I need live data, so I call get_weather first and then judge the rain. `.repeat(3), payload: opaquePayload("anthropic", "signature", "S".repeat(344)) }),
      toolCallPart({ id, name: "get_weather", arguments: { city: `city-${n % 97}`, units: "metric" } }),
    ]),
    message("tool", [toolResultPart({ id, name: "get_weather", content: `{"temperature":${n % 30},"condition":"rain","wind_kph":${n % 40}}` })]),
    message("assistant", [textPart(`In city ${n % 97} it is ${n % 30} °C with rain; take an umbrella.`)]),
  ];
}

const directory = await mkdtemp(join(tmpdir(), "partwise-inspect-measure-"));
const file = join(directory, "sessions.db");
const seeding = new SessionService(new SqliteSessionRepository(file));
await seeding.create({ id: "large" });
const messages = Array.from({ length: Math.ceil(count / 4) }, (_, index) => turn(index + 1)).flat().slice(0, count);
for (let start = 0; start < messages.length; start += 500) {
  await seeding.appendEvents("large", messages.slice(start, start + 500).map((entry) => ({ type: MESSAGE_EVENT, message: entry })));
}
await seeding.close();

const repository = new SqliteSessionRepository(file, { fileMustExist: true });
const server = await startInspectServer({ repository, storeLabel: "measure" });
const browser = await launchBrowser();
try {
  const pageUrl = new URL("/sessions/large", server.url).href;
  const serverStart = performance.now();
  const body = await (await fetch(pageUrl)).text();
  const serverMilliseconds = performance.now() - serverStart;
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(pageUrl, { waitUntil: "load" });
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    return { firstByte: navigation!.responseStart, firstPaint, responseEnd: navigation!.responseEnd, domContentLoaded: navigation!.domContentLoadedEventEnd, load: navigation!.loadEventEnd };
  });
  // Let the scripts settle (htmx processes the page, the live stream opens) before reading the heap.
  await page.waitForFunction(() => document.querySelectorAll(".event").length > 0);
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? Number.NaN;
  const scrollStart = performance.now();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const scrollMilliseconds = performance.now() - scrollStart;
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  console.log(`session page of ${messages.length} messages (${Math.ceil(count / 4)} tool-loop turns); load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  console.log(`  server: HTML of ${mib(Buffer.byteLength(body))} rendered and sent in ${serverMilliseconds.toFixed(0)} ms`);
  console.log(`  browser: first byte ${timing.firstByte.toFixed(0)} ms, first contentful paint ${timing.firstPaint.toFixed(0)} ms, last byte ${timing.responseEnd.toFixed(0)} ms, DOMContentLoaded ${timing.domContentLoaded.toFixed(0)} ms, load ${timing.load.toFixed(0)} ms`);
  console.log(`  page memory after GC: JS heap used ${mib(metric("JSHeapUsedSize"))} of ${mib(metric("JSHeapTotalSize"))}; ${metric("Nodes").toFixed(0)} DOM nodes`);
  console.log(`  jump to the end of the log and paint: ${scrollMilliseconds.toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.close();
  await repository.close();
  await rm(directory, { recursive: true, force: true });
}
