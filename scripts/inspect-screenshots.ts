// `npm run screenshots`: regenerates docs/inspect-list.png and docs/inspect-session.png for the README
// from a fixed store (fixed clock, the weather session of the browser tests) in headless Chromium.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startInspectServer } from "../src/inspect/inspect-server.js";
import { message, textPart } from "../src/parts/constructors.js";
import { SessionService } from "../src/session/session-service.js";
import { SqliteSessionRepository } from "../src/session/sqlite-session-repository.js";
import { launchBrowser } from "../test/support/browser.js";
import { seedWeatherSession } from "../test/support/inspect-sessions.js";
import { manualClock } from "../test/support/session-fixtures.js";

const docs = fileURLToPath(new URL("../docs/", import.meta.url));

/** A few sessions of other agents, so the list looks like a store in use. */
const OTHERS: [string, Record<string, string>][] = [
  ["support-7f3a", { principalName: "carol", agentName: "support-bot", agentModel: "gpt-5" }],
  ["triage-2291", { principalName: "dave", agentName: "triage", agentModel: "gemini-2.5-pro" }],
  ["billing-0c1e", { principalName: "erin", agentName: "billing-helper", agentModel: "mistral-large" }],
  ["research-88d0", { principalName: "alice", agentName: "researcher", agentModel: "deepseek-reasoner" }],
];

const directory = await mkdtemp(join(tmpdir(), "partwise-screenshots-"));
const file = join(directory, "sessions.db");
const clock = manualClock("2026-11-30T09:00:00.000Z");
const seeding = new SessionService(new SqliteSessionRepository(file), { clock: () => { clock.advance(7 * 60_000); return clock.clock(); } });
for (const [id, metadata] of OTHERS) {
  await seeding.create({ id, metadata });
  await seeding.appendMessage(id, message("user", [textPart(`Hello from ${metadata.principalName}`)]));
  await seeding.appendMessage(id, message("assistant", [textPart("Hi! How can I help?")]));
}
await seedWeatherSession(seeding);
await seeding.close();

const repository = new SqliteSessionRepository(file, { fileMustExist: true });
const server = await startInspectServer({ repository, storeLabel: "sqlite:./partwise.db" });
const browser = await launchBrowser({ width: 1200, height: 760 });
try {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  await page.screenshot({ path: join(docs, "inspect-list.png") });
  await page.goto(new URL("/sessions/weather-oslo", server.url).href);
  // The first reasoning opened, and the page followed to the result of the first tool call.
  await page.locator("details.reasoning summary").first().click();
  await page.locator(".tool-call").first().getByRole("link", { name: "result →" }).click();
  // A viewport as tall as the page: events off screen are not painted (content-visibility: auto).
  await page.setViewportSize({ width: 1200, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(docs, "inspect-session.png") });
  console.log(`wrote ${join(docs, "inspect-list.png")} and ${join(docs, "inspect-session.png")}`);
} finally {
  await browser.close();
  await server.close();
  await repository.close();
  await rm(directory, { recursive: true, force: true });
}
