import { beforeEach, describe, expect, it } from "vitest";
import type { Message, MessageEvent, Session } from "../../generated/types.js";
import { message, opaquePayload, reasoningPart, textPart, toolCallPart, toolResultPart } from "../../src/parts/constructors.js";
import {
  ALWAYS,
  compactionView,
  CompositeTrigger,
  LastTurnsStrategy,
  planCompaction,
  SlidingWindowStrategy,
  SummarizingStrategy,
  TokenCountTrigger,
  TurnCountTrigger,
  type SummaryRequest,
} from "../../src/session/compaction.js";
import { MemorySessionRepository } from "../../src/session/memory-session-repository.js";
import { transcript } from "../../src/session/render-events.js";
import { SessionService } from "../../src/session/session-service.js";
import { estimateTokens, turnStarts } from "../../src/session/turns.js";
import { assistant, failure, reasoningOnly, system, toolCall, toolResult, user } from "../support/session-fixtures.js";

const session: Session = { id: "s", createdAt: "2026-11-30T10:00:00.000Z", expiresAt: "2027-01-29T10:00:00.000Z", metadata: {}, version: 0 };

function events(...messages: Message[]): MessageEvent[] {
  return messages.map((entry, index) => ({ id: `e${index}`, sessionId: "s", timestamp: session.createdAt, type: "MESSAGE", seq: index + 1, message: entry }));
}

function synthetic(event: MessageEvent): MessageEvent {
  return { ...event, metadata: { synthetic: true } };
}

describe("turnStarts", () => {
  it("starts a turn at each non-synthetic user message, after a preamble", () => {
    const log = events(system("s"), assistant("hello"), user("a"), assistant("b"), user("c"));
    expect(turnStarts(log)).toEqual([2, 4]);
    expect(turnStarts([synthetic(log[2]!), ...log.slice(3)])).toEqual([2]);
  });

  it("starts no turn at a user message that falls between a tool call and its result", () => {
    const log = events(user("a"), toolCall("c1"), user("are you there?"), toolResult("c1"), user("thanks"));
    expect(turnStarts(log)).toEqual([0, 4]);
  });

  it("starts turns again after a call that is never answered", () => {
    expect(turnStarts(events(user("a"), toolCall("abandoned"), user("b"), assistant("c")))).toEqual([0, 2]);
  });

  it("pairs calls without an id with their results by tool name", () => {
    const call = message("assistant", [toolCallPart({ id: "", name: "lookup", arguments: "{}" })]);
    const result = message("tool", [toolResultPart({ name: "lookup", content: "x" })]);
    expect(turnStarts(events(user("a"), call, user("b"), result, user("c")))).toEqual([0, 4]);
  });

  it("pairs calls with results nested in another result's content", () => {
    const nested = message("tool", [toolResultPart({ id: "outer", content: [toolResultPart({ id: "c1", content: "x" })] })]);
    expect(turnStarts(events(user("a"), toolCall("c1"), user("b"), nested, user("c")))).toEqual([0, 4]);
  });
});

describe("estimateTokens", () => {
  it("counts reasoning, signatures and tool arguments, a quarter token per character of JSON", () => {
    const signed = message("assistant", [reasoningPart({ text: "r".repeat(400), payload: opaquePayload("anthropic", "signature", "s".repeat(800)) })]);
    expect(estimateTokens(signed)).toBe(Math.ceil(JSON.stringify(signed).length / 4));
    expect(estimateTokens(signed)).toBeGreaterThan(300);
    expect(estimateTokens(reasoningOnly())).toBeGreaterThan(0);
  });
});

describe("TurnCountTrigger, TokenCountTrigger and CompositeTrigger", () => {
  const view = compactionView(session, events(user("a"), assistant("b"), user("c"), assistant("d".repeat(400))));

  it("fire on more turns than allowed, on the token threshold, and on any or all of their triggers", () => {
    expect(new TurnCountTrigger(1).fires(view)).toBe(true);
    expect(new TurnCountTrigger(2).fires(view)).toBe(false);
    expect(new TokenCountTrigger(100).fires(view)).toBe(true);
    expect(new TokenCountTrigger(10_000).fires(view)).toBe(false);
    expect(CompositeTrigger.anyOf(new TurnCountTrigger(2), new TokenCountTrigger(100)).fires(view)).toBe(true);
    expect(CompositeTrigger.allOf(new TurnCountTrigger(2), new TokenCountTrigger(100)).fires(view)).toBe(false);
    expect(CompositeTrigger.anyOf(new TurnCountTrigger(20), new TokenCountTrigger(8000)).description).toBe("any(turns>20, tokens>=8000)");
    expect(ALWAYS.fires(view)).toBe(true);
  });

  it("reject a limit that is not a positive integer", async () => {
    expect((await failure(() => new TurnCountTrigger(0))).code).toBe("schema/invalid");
    expect((await failure(() => new TokenCountTrigger(1.5))).code).toBe("schema/invalid");
    expect((await failure(() => CompositeTrigger.anyOf())).code).toBe("schema/invalid");
  });
});

describe("planCompaction", () => {
  const log = events(
    system("rules"), assistant("welcome"),
    user("q1"), toolCall("c1"), system("mid-session instruction"), toolResult("c1"), assistant("a1"),
    user("q2"), assistant("a2"),
    user("q3"), reasoningOnly(), assistant("a3"),
  );

  it("pins the preamble and the system messages of covered turns, and preserves whole turns", () => {
    const plan = planCompaction(compactionView(session, log), new LastTurnsStrategy(1))!;
    expect(plan.pinned.map((event) => event.id)).toEqual(["e0", "e1", "e4"]);
    expect(plan.covered.map((event) => event.id)).toEqual(["e2", "e3", "e5", "e6", "e7", "e8"]);
    expect(plan.preserved.map((event) => event.id)).toEqual(["e9", "e10", "e11"]);
  });

  it("never covers the latest turn, whatever the strategy asks", () => {
    const greedy = { description: "all", turnsToCover: () => 99 };
    expect(planCompaction(compactionView(session, log), greedy)!.preserved.map((event) => event.id)).toEqual(["e9", "e10", "e11"]);
    expect(planCompaction(compactionView(session, events(system("s"), user("only"), assistant("turn"))), greedy)).toBeUndefined();
  });

  it("rejects a strategy that asks for a fraction of a turn", async () => {
    expect((await failure(() => planCompaction(compactionView(session, log), { description: "odd", turnsToCover: () => 1.5 }))).code).toBe("schema/invalid");
  });
});

describe("SlidingWindowStrategy", () => {
  const log = events(system("s"), user("q1"), assistant("a1"), user("q2"), toolCall("c"), toolResult("c"), assistant("a2"), user("q3"), assistant("a3"));

  it("keeps at most the newest N events, moving the cut forward to a turn start", () => {
    const view = compactionView(session, log);
    expect(new SlidingWindowStrategy(8).turnsToCover(view)).toBe(0);
    expect(new SlidingWindowStrategy(5).turnsToCover(view)).toBe(2);
    expect(new SlidingWindowStrategy(6).turnsToCover(view)).toBe(1);
  });

  it("keeps the latest turn whole when it alone is longer than the window", () => {
    expect(new SlidingWindowStrategy(1).turnsToCover(compactionView(session, log))).toBe(2);
  });
});

describe("SessionService.compact with a SummarizingStrategy", () => {
  let service: SessionService;
  const requests: SummaryRequest[] = [];
  const summarizer = {
    async summarize(request: SummaryRequest) {
      requests.push(request);
      return `summary of: ${transcript([...request.previousSummary, ...request.covered]).replaceAll("\n", " | ")}`;
    },
  };
  const strategy = new SummarizingStrategy({ window: new LastTurnsStrategy(1), summarizer, prompt: "Summarize, please." });

  beforeEach(async () => {
    requests.length = 0;
    service = new SessionService(new MemorySessionRepository());
    await service.create({ id: "s" });
    for (const entry of [system("rules"), user("q1"), toolCall("c1"), toolResult("c1"), assistant("a1"), user("q2"), assistant("a2")]) await service.appendMessage("s", entry);
  });

  it("writes a synthetic summary turn after the pinned events and before the preserved turn, in one append", async () => {
    const result = await service.compact("s", new TurnCountTrigger(1), strategy);
    expect(result.summary.map((event) => event.message.role)).toEqual(["user", "assistant"]);
    for (const event of result.summary) expect(event.metadata).toEqual({ synthetic: true, compactionId: result.boundary!.id, strategy: "summarize(last-turns(1))" });
    expect(result.summary[0]!.message).toEqual(user("Summarize, please."));
    // The summarizer sees reasoning and tool calls, not only text.
    expect(requests[0]!.covered.map((event) => event.message)).toEqual([user("q1"), toolCall("c1"), toolResult("c1"), assistant("a1")]);
    expect(result.summary[1]!.message.parts[0]).toMatchObject({ type: "text", text: expect.stringContaining("(reasoning) call get_weather") });
    expect(await service.getActiveMessages("s")).toEqual([system("rules"), result.summary[0]!.message, result.summary[1]!.message, user("q2"), assistant("a2")]);
    const log = await service.getEvents("s");
    expect(log.slice(7).map((event) => event.id)).toEqual([result.boundary!.id, ...result.summary.map((event) => event.id)]);
    expect(result.tokensEstimatedSaved).toBe(result.coveredEvents.reduce((sum, event) => sum + estimateTokens(event.message), 0)
      - result.summary.reduce((sum, event) => sum + estimateTokens(event.message), 0));
  });

  it("folds an earlier summary into the next one instead of keeping both", async () => {
    const first = await service.compact("s", new TurnCountTrigger(1), strategy);
    for (const entry of [user("q3"), assistant("a3")]) await service.appendMessage("s", entry);
    const second = await service.compact("s", new TurnCountTrigger(1), strategy);
    expect(requests[1]!.previousSummary.map((event) => event.id)).toEqual(first.summary.map((event) => event.id));
    expect(second.coveredEvents.map((event) => event.id)).toEqual([...first.summary.map((event) => event.id), ...requests[1]!.covered.map((event) => event.id)]);
    const active = await service.getEvents("s", { view: "active" });
    expect(active.filter((event) => event.metadata?.synthetic).map((event) => event.id)).toEqual(second.summary.map((event) => event.id));
    expect(await service.getEvents("s", { view: "active", excludeSynthetic: true })).toHaveLength(3);
  });

  it("keeps an earlier summary pinned when a plain window compacts next", async () => {
    const first = await service.compact("s", new TurnCountTrigger(1), strategy);
    for (const entry of [user("q3"), assistant("a3")]) await service.appendMessage("s", entry);
    const second = await service.compact("s", ALWAYS, new LastTurnsStrategy(1));
    expect(second.pinnedEvents.map((event) => event.id)).toEqual([expect.any(String), ...first.summary.map((event) => event.id)]);
    expect((await service.getActiveMessages("s")).slice(-2)).toEqual([user("q3"), assistant("a3")]);
  });

  it("writes nothing when the summarizer returns an empty summary", async () => {
    const silent = new SummarizingStrategy({ window: new LastTurnsStrategy(1), summarizer: { summarize: async () => "  " } });
    expect(await service.compact("s", ALWAYS, silent)).toMatchObject({ unchanged: true, reason: "empty-summary", version: 7 });
    expect(await service.getEvents("s")).toHaveLength(7);
  });

  it("rejects an invalid summary with the pointer of the bad part, writing nothing", async () => {
    const broken = new SummarizingStrategy({ window: new LastTurnsStrategy(1), summarizer: { summarize: async () => [{ type: "text" } as never] } });
    expect(await failure(service.compact("s", ALWAYS, broken))).toMatchObject({ code: "schema/invalid", pointer: "/2/message/parts/0" });
    expect(await service.getEvents("s")).toHaveLength(7);
  });

  it("keeps a tool call and its result together when a user message interrupted the tool round", async () => {
    await service.create({ id: "interrupted" });
    for (const entry of [user("q1"), assistant("a1"), user("q2"), toolCall("slow"), user("still there?"), toolResult("slow"), assistant("done")]) {
      await service.appendMessage("interrupted", entry);
    }
    await service.compact("interrupted", ALWAYS, new LastTurnsStrategy(1));
    expect(await service.getActiveMessages("interrupted")).toEqual([user("q2"), toolCall("slow"), user("still there?"), toolResult("slow"), assistant("done")]);
  });
});

describe("transcript", () => {
  it("renders reasoning, tool calls, results and media for a summarizer, and leaves payloads out", () => {
    const text = transcript(events(user("q"), toolCall("c"), toolResult("c"), message("assistant", [textPart("", { payload: opaquePayload("google", "thought_signature", "SECRET") })])));
    expect(text).toBe('User: q\nAssistant: (reasoning) call get_weather (calls get_weather with {"city":"Oslo"})\nTool: (get_weather returned) rain, 7 °C\nAssistant: ');
  });
});
