import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CompactionEvent, Message, MessageEvent, Part, SessionEvent } from "../../generated/types.js";
import { message, opaquePayload, reasoningPart, toolCallPart, toolResultPart } from "../../src/parts/constructors.js";
import {
  ALWAYS,
  LastTurnsStrategy,
  SlidingWindowStrategy,
  SummarizingStrategy,
  TokenCountTrigger,
  TurnCountTrigger,
  type CompactionStrategy,
  type CompactionTrigger,
} from "../../src/session/compaction.js";
import { isCompactionEvent, isMessageEvent, isSynthetic, type NewSessionEvent } from "../../src/session/event-kinds.js";
import type { SessionRepository } from "../../src/session/session-repository.js";
import { SessionService } from "../../src/session/session-service.js";
import { turnStarts } from "../../src/session/turns.js";
import { propertyRuns } from "../support/property-runs.js";
import { assistant, reasoningOnly, system, unknownOnly, user } from "../support/session-fixtures.js";
import { storesUnderTest, type StoreName } from "../support/session-stores.js";

/** One step of a generated session: messages to append, a custom event, or a compaction. */
type Step =
  | { readonly kind: "user" | "assistant" | "system" | "reasoning-only" | "unknown-only" | "custom" }
  | { readonly kind: "tool-round"; readonly calls: number; readonly splitReasoning: boolean; readonly interrupted: boolean; readonly abandoned: boolean }
  | { readonly kind: "compact"; readonly trigger: CompactionTrigger; readonly strategy: CompactionStrategy };

const summarizer = { summarize: async ({ covered }: { covered: readonly MessageEvent[] }) => `summary of ${covered.length} events` };

const compactStep: fc.Arbitrary<Step> = fc.record({
  trigger: fc.oneof(
    fc.constant(ALWAYS),
    fc.integer({ min: 1, max: 4 }).map((turns) => new TurnCountTrigger(turns)),
    fc.integer({ min: 50, max: 400 }).map((tokens) => new TokenCountTrigger(tokens)),
  ),
  strategy: fc.oneof(
    fc.integer({ min: 1, max: 3 }).map((turns): CompactionStrategy => new LastTurnsStrategy(turns)),
    fc.integer({ min: 1, max: 8 }).map((events): CompactionStrategy => new SlidingWindowStrategy(events)),
    fc.integer({ min: 1, max: 2 }).map((turns): CompactionStrategy => new SummarizingStrategy({ window: new LastTurnsStrategy(turns), summarizer })),
  ),
}).map((fields) => ({ kind: "compact" as const, ...fields }));

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: "user" as const }), weight: 4 },
  { arbitrary: fc.constant({ kind: "assistant" as const }), weight: 2 },
  { arbitrary: fc.constantFrom({ kind: "system" as const }, { kind: "reasoning-only" as const }, { kind: "unknown-only" as const }, { kind: "custom" as const }), weight: 2 },
  {
    arbitrary: fc.record({ calls: fc.integer({ min: 1, max: 3 }), splitReasoning: fc.boolean(), interrupted: fc.boolean(), abandoned: fc.boolean() })
      .map((round) => ({ kind: "tool-round" as const, ...round, interrupted: round.interrupted && !round.abandoned })),
    weight: 3,
  },
  { arbitrary: compactStep, weight: 3 },
);

/** The events of a step, call ids numbered from `next.call`. */
function stepEvents(step: Exclude<Step, { kind: "compact" }>, next: { call: number }): NewSessionEvent[] {
  const messages: Message[] = [];
  switch (step.kind) {
    case "user":
      messages.push(user(`question ${next.call}`));
      break;
    case "assistant":
      messages.push(assistant("answer"));
      break;
    case "system":
      messages.push(system("instruction"));
      break;
    case "reasoning-only":
      messages.push(reasoningOnly());
      break;
    case "unknown-only":
      messages.push(unknownOnly());
      break;
    case "custom":
      return [{ type: "ACME.AUDIT", payload: { step: next.call } }];
    case "tool-round": {
      const ids = Array.from({ length: step.calls }, () => `call-${next.call++}`);
      const reasoning = reasoningPart({ text: "plan", payload: opaquePayload("anthropic", "signature", `sig-${ids[0]}`) });
      if (step.splitReasoning) messages.push(message("assistant", [reasoning]));
      messages.push(message("assistant", [...(step.splitReasoning ? [] : [reasoning]), ...ids.map((id) => toolCallPart({ id, name: "tool", arguments: "{}" }))]));
      if (step.interrupted) messages.push(user("are you still there?"));
      if (!step.abandoned) messages.push(message("tool", ids.map((id) => toolResultPart({ id, name: "tool", content: "ok" }))));
      break;
    }
  }
  return messages.map((entry) => ({ type: "MESSAGE", message: entry }));
}

function toolIds(parts: readonly Part[], type: "tool_call" | "tool_result"): string[] {
  return parts.flatMap((part) => part.type === "tool_call" && type === "tool_call" ? [part.toolCall.id]
    : part.type === "tool_result" && type === "tool_result" && part.id ? [part.id] : []);
}

/** The invariants of the active view over the whole log (see the describe block). */
function checkView(log: readonly SessionEvent[], view: readonly SessionEvent[]): void {
  const viewIds = new Set(view.map((event) => event.id));
  expect(viewIds.size).toBe(view.length);
  expect(view.every(isMessageEvent)).toBe(true);
  const messages = view as MessageEvent[];

  // It starts at a user message that starts a turn, after the pinned events and the summary turn.
  const boundary = log.filter(isCompactionEvent).at(-1) as CompactionEvent | undefined;
  if (boundary) {
    const pinned = new Set(boundary.payload.pinnedEventIds);
    const first = messages.findIndex((event) => !pinned.has(event.id) && !isSynthetic(event));
    if (first >= 0) {
      expect(messages[first]!.message.role).toBe("user");
      expect(turnStarts(messages)).toContain(first);
    }
  }

  // The latest turn always stays, so the newest message is always in view.
  const logMessages = log.filter(isMessageEvent);
  const newest = logMessages.filter((event) => !isSynthetic(event)).at(-1);
  if (newest) expect(viewIds).toContain(newest.id);

  // No call without its result (when the log has one), no result without its call.
  const answered = new Set(logMessages.flatMap((event) => toolIds(event.message.parts, "tool_result")));
  const viewCalls = new Set(messages.flatMap((event) => toolIds(event.message.parts, "tool_call")));
  const viewResults = new Set(messages.flatMap((event) => toolIds(event.message.parts, "tool_result")));
  for (const id of viewCalls) if (answered.has(id)) expect(viewResults, `result of ${id}`).toContain(id);
  for (const id of viewResults) expect(viewCalls, `call of ${id}`).toContain(id);

  // Reasoning written in its own message just before the call it led to stays with that call.
  logMessages.forEach((event, index) => {
    const before = logMessages[index - 1];
    if (viewIds.has(event.id) && toolIds(event.message.parts, "tool_call").length > 0 && before?.message.role === "assistant"
      && before.message.parts.every((part) => part.type === "reasoning")) {
      expect(viewIds, `reasoning before ${event.id}`).toContain(before.id);
    }
  });
}

/** Property runs per store: fewer where each run costs network round trips. */
const RUNS: Record<StoreName, number> = { memory: 150, sqlite: 15, postgres: 8, redis: 15, "redis-cluster": 8 };

describe.each(storesUnderTest("properties").map((store) => ({ ...store, runs: RUNS[store.name] })))("SessionService.compact on the $name store", (store) => {
  let repository: SessionRepository;
  let service: SessionService;

  beforeEach(async () => {
    repository = await store.open();
    service = new SessionService(repository);
  });
  afterEach(() => repository.close());

  it("keeps the view turn-safe and the whole log readable after any sequence of appends and compactions", async () => {
    let session = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 25 }), async (steps) => {
        const id = `s-${session++}`;
        await service.create({ id });
        const appended: string[] = [];
        const next = { call: 0 };
        for (const step of steps) {
          if (step.kind === "compact") {
            const result = await service.compact(id, step.trigger, step.strategy);
            if (!result.unchanged) appended.push(result.boundary!.id, ...result.summary.map((event) => event.id));
          } else {
            appended.push(...(await service.appendEvents(id, stepEvents(step, next))).events.map((event) => event.id));
          }
          const log = await service.getEvents(id);
          expect(log.map((event) => event.id)).toEqual(appended);
          const view = await service.getEvents(id, { view: "active" });
          checkView(log, view);
          expect(await service.getActiveMessages(id)).toEqual((view as MessageEvent[]).map((event) => event.message));
        }
      }),
      { numRuns: propertyRuns(store.runs) },
    );
  }, 300_000);

  it("never covers a custom event nor sends one to the model", async () => {
    await service.create({ id: "s" });
    for (const entry of [user("q1"), assistant("a1")]) await service.appendMessage("s", entry);
    await service.appendEvents("s", [{ type: "ACME.AUDIT", payload: { kept: true } }]);
    for (const entry of [user("q2"), assistant("a2")]) await service.appendMessage("s", entry);
    const result = await service.compact("s", ALWAYS, new LastTurnsStrategy(1));
    expect(result.coveredEvents.every((event) => event.type === "MESSAGE")).toBe(true);
    expect(await service.getEvents("s", { eventTypes: ["ACME.AUDIT"] })).toHaveLength(1);
    expect((await service.getEvents("s", { view: "active" })).every((event) => event.type === "MESSAGE")).toBe(true);
  });
});
