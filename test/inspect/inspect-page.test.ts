// The inspector end to end in headless Chromium: the list, a session page (reasoning, tool links,
// payload badges, compaction marks, keyboard), live events appended by another connection, the static
// export, and hostile content shown as text under the page's Content-Security-Policy.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSession } from "../../src/cli/session-command.js";
import { startInspectServer, type InspectServer } from "../../src/inspect/inspect-server.js";
import { message, textPart, toolResultPart } from "../../src/parts/constructors.js";
import { ALWAYS, LastTurnsStrategy } from "../../src/session/compaction.js";
import { openSessionService } from "../../src/session/open-session-store.js";
import { SessionService } from "../../src/session/session-service.js";
import { SqliteSessionRepository } from "../../src/session/sqlite-session-repository.js";
import { launchBrowser, type LaunchedBrowser } from "../support/browser.js";
import { HOSTILE, seedHostileSession, seedWeatherSession, WEATHER_SIGNATURE } from "../support/inspect-sessions.js";
import { manualClock } from "../support/session-fixtures.js";
import { sqliteFiles } from "../support/session-stores.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("inspect-page");
const file = sqliteFiles("inspect-page")();
const url = `sqlite:${file}`;
let browser: LaunchedBrowser;
let server: InspectServer;
let repository: SqliteSessionRepository;

/** The ids of the filler sessions, oldest first; the weather, hostile and live sessions are created after them. */
const FILLER = Array.from({ length: 25 }, (_, index) => `filler-${String(index).padStart(2, "0")}`);

beforeAll(async () => {
  const clock = manualClock();
  const seeding = new SessionService(new SqliteSessionRepository(file), { clock: () => { clock.advance(60_000); return clock.clock(); } });
  for (const id of FILLER) {
    await seeding.create({ id, metadata: { principalName: "bob", team: id.endsWith("7") ? "payments" : "search" } });
    await seeding.appendMessage(id, message("user", [textPart(`hello from ${id}`)]));
  }
  await seedWeatherSession(seeding);
  await seedHostileSession(seeding);
  await seedWeatherSession(seeding, "weather-live");
  await seeding.close();
  repository = new SqliteSessionRepository(file, { fileMustExist: true });
  server = await startInspectServer({ repository, storeLabel: url, pollIntervalMilliseconds: 50, pageSize: 20 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await repository?.close();
});

/** Console errors and warnings of each page opened (CSP violations, htmx swap errors such as an out-of-band target missing). */
const problems = new WeakMap<Page, string[]>();

async function open(path: string): Promise<Page> {
  const page = await browser.context.newPage();
  const seen: string[] = [];
  problems.set(page, seen);
  page.on("console", (entry) => {
    if (entry.type() === "error" || entry.type() === "warning") seen.push(entry.text());
  });
  page.on("pageerror", (error) => seen.push(error.message));
  await page.goto(new URL(path, server.url).href);
  return page;
}

async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allTextContents();
}

/** The lowest WCAG contrast ratio between a text on the page and the background it is drawn on. */
async function lowestContrast(page: Page): Promise<{ ratio: number; text: string }> {
  return page.evaluate(() => {
    const luminance = (color: string) => {
      const [red, green, blue] = color.match(/[\d.]+/g)!.slice(0, 3).map((value) => {
        const channel = Number(value) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
    };
    const backgroundOf = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (color !== "transparent" && !/^rgba\(.*, 0\)$/.test(color)) return color;
      }
      return "rgb(255, 255, 255)";
    };
    let lowest = { ratio: Infinity, text: "" };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      // The skip link is off screen until it has the focus.
      if (!node.textContent?.trim() || element.closest(".skip")) continue;
      const [text, background] = [luminance(getComputedStyle(element).color), luminance(backgroundOf(element))];
      const ratio = (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
      if (ratio < lowest.ratio) lowest = { ratio, text: node.textContent.trim().slice(0, 60) };
    }
    return lowest;
  });
}

describe("partwise inspect: the session list", () => {
  it("lists sessions newest first with events, principal and metadata, 20 to a page", async () => {
    const page = await open("/");
    const ids = await texts(page, "table.sessions tbody tr td:first-child");
    expect(ids.slice(0, 4)).toEqual(["weather-live", HOSTILE.sessionId, "weather-oslo", "filler-24"]);
    expect(ids).toHaveLength(20);
    const weather = page.locator("tr", { hasText: "weather-oslo" });
    expect(await weather.locator("td").nth(1).textContent()).toBe("9");
    expect(await weather.locator("td").nth(4).textContent()).toBe("alice");
    expect(await weather.locator("td.metadata").textContent()).toContain('"agentName":"weather-bot"');
    const lowest = await lowestContrast(page);
    expect(lowest.text).not.toBe("");
    expect(lowest.ratio, lowest.text).toBeGreaterThanOrEqual(4.5);
    await page.getByRole("link", { name: "Older →" }).click();
    expect(await texts(page, "table.sessions tbody tr td:first-child")).toEqual(FILLER.slice(0, 8).reverse());
    await page.close();
  });

  it("finds sessions by part of an id, by metadata text and by a name=value attribute", async () => {
    const page = await open("/");
    await page.keyboard.press("/");
    await page.keyboard.type("weather-o");
    await page.keyboard.press("Enter");
    await page.waitForURL(/q=weather-o/);
    expect(await texts(page, "table.sessions tbody tr td:first-child")).toEqual(["weather-oslo"]);
    await page.goto(new URL("/?q=PAYMENTS", server.url).href);
    expect(await texts(page, "table.sessions tbody tr td:first-child")).toEqual(["filler-17", "filler-07"]);
    await page.goto(new URL("/?q=principalName%3Dalice", server.url).href);
    expect(await texts(page, "table.sessions tbody tr td:first-child")).toEqual(["weather-live", "weather-oslo"]);
    await page.close();
  });
});

describe("partwise inspect: a session page", () => {
  it("shows the log turn by turn with reasoning collapsed until opened", async () => {
    const page = await open("/");
    await page.getByRole("link", { name: "weather-oslo" }).click();
    await page.waitForURL(/\/sessions\/weather-oslo$/);
    expect(await texts(page, "h2.turn")).toEqual(["Preamble", "Turn 1", "Turn 2"]);
    const reasoning = page.locator("details.reasoning").first();
    expect(await reasoning.getAttribute("open")).toBeNull();
    expect(await reasoning.locator("summary").textContent()).toContain("Needs live weather: call get_weather");
    expect(await reasoning.locator(".prose").first().isVisible()).toBe(false);
    await reasoning.locator("summary").click();
    expect(await reasoning.locator(".prose").first().isVisible()).toBe(true);
    expect(await page.locator("details.reasoning").nth(1).locator("summary").textContent()).toContain("not revealed");
    await page.close();
  });

  it("follows a tool call to its result and back, and marks the call that has none", async () => {
    const page = await open("/sessions/weather-oslo");
    const call = page.locator(".tool-call", { hasText: "get_weather" });
    await call.getByRole("link", { name: "result →" }).click();
    const resultId = new URL(page.url()).hash.slice(1);
    expect(await page.locator(`#${resultId}`).getAttribute("class")).toContain("tool-result");
    expect(await page.locator(`#${resultId}:target`).count()).toBe(1);
    expect(await page.locator(`#${resultId}`).textContent()).toContain('"condition":"rain"');
    await page.locator(`#${resultId}`).getByRole("link", { name: "← call" }).click();
    expect(await page.locator(".tool-call:target").textContent()).toContain("get_weather");
    expect(await page.locator(".tool-call", { hasText: "get_forecast" }).locator(".badge.unanswered").textContent()).toBe("no result");
    await page.close();
  });

  it("shows payload badges without the payload data, media inline or as links, and unknown blocks pretty-printed", async () => {
    const page = await open("/sessions/weather-oslo");
    expect(await texts(page, "#log .badge.payload")).toEqual(["anthropic · signature · 342 B", "anthropic · redacted_thinking · 64 B"]);
    expect(await page.content()).not.toContain(WEATHER_SIGNATURE);
    expect(await page.content()).not.toContain("EmwKAhgBEgy3va3pzix");
    const image = page.locator("img.media-image");
    expect(await image.getAttribute("alt")).toBe("radar.png");
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(32);
    expect(await page.locator(".media a", { hasText: "oslo.pdf" }).getAttribute("href")).toBe("https://example.org/forecast/oslo.pdf");
    expect(await page.locator(".unknown pre").textContent()).toBe(JSON.stringify({ type: "server_tool_use", id: "srvtoolu_9", name: "web_search", input: { query: "Oslo forecast" } }, null, 2));
    await page.close();
  });

  it("marks the compaction boundary and the messages it covered", async () => {
    const page = await open("/sessions/weather-oslo");
    expect(await page.locator(".event.boundary").textContent()).toContain("4 events covered, 1 pinned");
    expect(await page.locator("#turn-2").evaluate((heading) => heading.previousElementSibling?.textContent)).toBe("Compaction #9 cut here: the messages above, pinned ones aside, left the active view.");
    expect(await texts(page, "#log .state")).toEqual(["pinned", "covered", "covered", "covered", "covered", "in view", "in view"]);
    expect(await page.locator("#session-stats").textContent()).toBe("9 events · 3 messages in the active view · 1 compaction");
    await page.close();
  });

  it("draws every text with a contrast of at least 4.5:1 (WCAG AA), covered messages and badges included", async () => {
    const page = await open("/sessions/weather-oslo");
    await page.locator("details").evaluateAll((elements) => elements.forEach((element) => element.setAttribute("open", "")));
    const lowest = await lowestContrast(page);
    expect(lowest.text).not.toBe("");
    expect(lowest.ratio, lowest.text).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });

  it("moves between events with j and k", async () => {
    const page = await open("/sessions/weather-oslo");
    await page.keyboard.press("j");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("e1");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("e2");
    await page.close();
  });

  it("shows events appended by another writer without a reload, and links the call they answer", async () => {
    const page = await open("/sessions/weather-live");
    await page.waitForFunction(() => document.querySelector("#log")?.getAttribute("data-last-seq") === "9");
    const writer = await openSessionService(url, { create: false });
    await writer.appendMessage("weather-live", message("tool", [toolResultPart({ id: "toolu_02", name: "get_forecast", content: "sunny, 12 °C" })]));
    await writer.appendMessage("weather-live", message("user", [textPart("Great, thanks!")]));
    await writer.close();
    await page.waitForSelector("#e11");
    expect(await page.locator("#e10").textContent()).toContain("sunny, 12 °C");
    expect(await page.locator("h2.turn").last().textContent()).toBe("Turn 3");
    const call = page.locator(".tool-call", { hasText: "get_forecast" });
    await call.getByRole("link", { name: "result →" }).click();
    expect(await page.locator(".tool-result:target").textContent()).toContain("sunny, 12 °C");
    expect(await page.locator("#session-stats").textContent()).toBe("11 events · 5 messages in the active view · 1 compaction");

    const compactor = await openSessionService(url, { create: false });
    await compactor.compact("weather-live", ALWAYS, new LastTurnsStrategy(1));
    await compactor.close();
    await page.waitForSelector("#e12");
    expect(await texts(page, "#log .state")).toEqual(["pinned", "covered", "covered", "covered", "covered", "covered", "covered", "covered", "in view"]);
    // The new boundary's cut sits before the heading of the turn it kept, like a reload would show it.
    expect(await page.locator("#turn-3").evaluate((heading) => heading.previousElementSibling?.textContent)).toBe("Compaction #12 cut here: the messages above, pinned ones aside, left the active view.");
    const live = await page.locator("#log").innerHTML();
    expect(problems.get(page)).toEqual([]);
    await page.reload();
    expect(await page.locator("#log").innerHTML()).toBe(live);
    await page.close();
  });
});

describe("session export --format html", () => {
  it("writes one self-contained file that shows the same parts, payload data only with --full", async () => {
    const exported = join(directory, "weather.html");
    const result = await runSession(["export", "weather-oslo", "--db", url, "--format", "html", "--out", exported], { out: () => {}, err: () => {} });
    expect(result).toBe(0);
    const served = await open("/sessions/weather-oslo");
    const partsOf = (page: Page) => page.locator(".part").evaluateAll((elements) => elements.map((element) => `${element.id} ${element.className} ${element.textContent}`));
    const requests: string[] = [];
    const page = await browser.context.newPage();
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(exported).href);
    expect(await partsOf(page)).toEqual(await partsOf(served));
    expect(requests.filter((request) => !request.startsWith("data:"))).toEqual([pathToFileURL(exported).href]);
    expect(await page.content()).not.toContain(WEATHER_SIGNATURE);
    await page.locator("details.reasoning summary").first().click();
    expect(await page.locator("details.reasoning .prose").first().isVisible()).toBe(true);
    // From the summary just clicked (in event 3), j moves to the next event.
    await page.keyboard.press("j");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("e4");

    const full = join(directory, "weather-full.html");
    await runSession(["export", "weather-oslo", "--db", url, "--format", "html", "--full", "--out", full], { out: () => {}, err: () => {} });
    await page.goto(pathToFileURL(full).href);
    await page.locator("summary.badge.payload").first().click();
    expect(await page.locator(".payload-data pre").first().textContent()).toBe(WEATHER_SIGNATURE);
    await Promise.all([served.close(), page.close()]);
  });
});

describe("session export --format html: usage", () => {
  it("exits 2 for --view (the page marks the active view itself) and for --full with another format", async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runSession(["export", "weather-oslo", "--db", url, "--format", "html", "--view", "active"], io)).toBe(2);
    expect(await runSession(["export", "weather-oslo", "--db", url, "--full"], io)).toBe(2);
    expect(await runSession(["export", "nope", "--db", url, "--format", "html"], io)).toBe(1);
    expect(lines).toEqual([
      "partwise session export: --format html shows the whole log with the active view marked; leave out --view",
      "partwise session export: --full applies to --format html (jsonl and history always hold payloads)",
      'partwise session export: no session "nope"',
    ]);
  });
});

describe("partwise inspect: hostile content", () => {
  async function expectInert(page: Page): Promise<void> {
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
    expect(await page.locator("[onerror], [onload], svg").count()).toBe(0);
    expect(await page.locator("a[href^='javascript']").count()).toBe(0);
  }

  it("shows HTML and script in ids, texts, tool names, metadata and raw blocks as text, never run", async () => {
    const list = await open("/");
    await expectInert(list);
    await list.getByRole("link", { name: HOSTILE.sessionId }).click();
    const page = list;
    await page.waitForSelector(".tool-result");
    await expectInert(page);
    expect(await page.locator("h1 code").textContent()).toBe(HOSTILE.sessionId);
    expect(await page.locator(".role-user .prose").textContent()).toBe(HOSTILE.text);
    expect(await page.locator(".tool-call .tool-name").textContent()).toBe(HOSTILE.toolName);
    expect(await page.locator(".unknown pre").textContent()).toBe(JSON.stringify(JSON.parse(HOSTILE.rawJson), null, 2));
    expect(await page.locator("header.page").textContent()).toContain(HOSTILE.metadata);
    expect(await page.locator("a.download").getAttribute("download")).toBe(HOSTILE.mediaName);
    expect(await page.locator("a.download").getAttribute("href")).toMatch(/^data:application\/octet-stream;base64,/);
    expect(await page.locator("script").evaluateAll((scripts) => scripts.map((script) => script.getAttribute("src")))).toEqual(["/assets/htmx.min.js", "/assets/sse.min.js", "/assets/inspect.js"]);
    await page.close();
  });

  it("shows hostile content appended live as text too", async () => {
    const page = await open(`/sessions/${encodeURIComponent(HOSTILE.sessionId)}`);
    await page.waitForFunction(() => document.querySelector("#log")?.getAttribute("data-last-seq") === "3");
    const writer = await openSessionService(url, { create: false });
    await writer.appendMessage(HOSTILE.sessionId, message("user", [textPart(HOSTILE.text)], { note: HOSTILE.metadata }));
    await writer.close();
    await page.waitForSelector("#e4");
    await expectInert(page);
    expect(problems.get(page)).toEqual([]);
    expect(await page.locator("#e4 .prose").textContent()).toBe(HOSTILE.text);
    await page.close();
  });

  it("shows hostile content as text in the exported file too", async () => {
    const exported = join(directory, "hostile.html");
    await runSession(["export", HOSTILE.sessionId, "--db", url, "--format", "html", "--out", exported], { out: () => {}, err: () => {} });
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(exported).href);
    await expectInert(page);
    expect(await page.locator(".tool-call .tool-name").textContent()).toBe(HOSTILE.toolName);
    await page.close();
  });

  it("serves every page under a Content-Security-Policy that allows only its own scripts", async () => {
    for (const path of ["/", `/sessions/${encodeURIComponent(HOSTILE.sessionId)}`, "/assets/inspect.js"]) {
      const response = await fetch(new URL(path, server.url));
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});
