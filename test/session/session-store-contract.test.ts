import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MessageEvent, SessionEvent } from "../../generated/types.js";
import { validateErrorObject } from "../../generated/validators.js";
import { LastTurnsStrategy, SummarizingStrategy, TurnCountTrigger, type Summarizer } from "../../src/session/compaction.js";
import type { SessionRepository } from "../../src/session/session-repository.js";
import { SessionService } from "../../src/session/session-service.js";
import {
  assistant,
  failure,
  manualClock,
  reasoningOnly,
  system,
  toolCall,
  toolResult,
  unknownOnly,
  user,
} from "../support/session-fixtures.js";
import { storesUnderTest } from "../support/session-stores.js";

const DAY = 24 * 60 * 60 * 1000;

describe.each(storesUnderTest("contract"))("SessionService on the $name store", (store) => {
  let repository: SessionRepository;
  let service: SessionService;
  let time: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    repository = await store.open();
    time = manualClock();
    service = new SessionService(repository, { clock: time.clock });
  });
  afterEach(() => repository.close());

  const ids = (events: readonly SessionEvent[]) => events.map((event) => event.id);

  describe("create", () => {
    it("creates a session at version 0 that expires after 60 days when no time to live is given", async () => {
      const session = await service.create({ id: "s-1", metadata: { principalName: "alice", tags: ["a"] } });
      expect(session).toEqual({
        id: "s-1",
        createdAt: "2026-11-30T10:00:00.000Z",
        expiresAt: new Date(Date.parse("2026-11-30T10:00:00.000Z") + 60 * DAY).toISOString(),
        metadata: { principalName: "alice", tags: ["a"] },
        version: 0,
      });
      expect(await service.findById("s-1")).toEqual(session);
    });

    it("gives a random id and the requested time to live when asked", async () => {
      const session = await service.create({ timeToLiveSeconds: 60 });
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBe(60_000);
    });

    it("rejects a taken id with session/duplicate-id and leaves the first session unchanged", async () => {
      const first = await service.create({ id: "s-1", metadata: { principalName: "alice" } });
      const error = await failure(service.create({ id: "s-1", metadata: { principalName: "mallory" } }));
      expect(error.code).toBe("session/duplicate-id");
      expect(validateErrorObject(error.toJSON())).toBe(true);
      expect(await service.findById("s-1")).toEqual(first);
      expect(await service.findByMetadata("principalName", "mallory")).toEqual([]);
    });

    it("rejects a time to live that is not a positive whole number of seconds", async () => {
      expect((await failure(service.create({ timeToLiveSeconds: 0 }))).pointer).toBe("/timeToLiveSeconds");
      expect((await failure(service.create({ timeToLiveSeconds: 1.5 }))).code).toBe("schema/invalid");
    });
  });

  describe("findOrCreate", () => {
    it("returns the existing session unchanged when the id is taken", async () => {
      const existing = await service.create({ id: "s-1", metadata: { agentName: "weather" } });
      expect(await service.findOrCreate({ id: "s-1", metadata: { agentName: "other" } })).toEqual(existing);
    });

    it("creates exactly one session when many callers race for the same id", async () => {
      const sessions = await Promise.all(Array.from({ length: 8 }, () => service.findOrCreate({ id: "s-race" })));
      expect(new Set(sessions.map((session) => JSON.stringify(session))).size).toBe(1);
      expect((await service.list()).map((session) => session.id)).toEqual(["s-race"]);
    });
  });

  describe("findByMetadata", () => {
    it("finds the sessions of a principal or an agent by their indexed attributes, oldest first", async () => {
      await service.create({ id: "a-1", metadata: { principalName: "alice", agentName: "weather", tier: 2, beta: true } });
      time.advance(1000);
      await service.create({ id: "b-1", metadata: { principalName: "bob", agentName: "weather" } });
      time.advance(1000);
      await service.create({ id: "a-2", metadata: { principalName: "alice", nested: { principalName: "bob" } } });
      expect((await service.findByMetadata("principalName", "alice")).map((session) => session.id)).toEqual(["a-1", "a-2"]);
      expect((await service.findByMetadata("agentName", "weather")).map((session) => session.id)).toEqual(["a-1", "b-1"]);
      expect((await service.findByMetadata("tier", 2)).map((session) => session.id)).toEqual(["a-1"]);
      expect((await service.findByMetadata("tier", "2")).map((session) => session.id)).toEqual([]);
      expect((await service.findByMetadata("beta", true)).map((session) => session.id)).toEqual(["a-1"]);
      expect((await service.findByMetadata("principalName", "carol"))).toEqual([]);
    });

    it("rejects a value that is not indexed with a typed error", async () => {
      const error = await failure(service.findByMetadata("nested", { principalName: "bob" } as never));
      expect(error).toMatchObject({ code: "schema/invalid", pointer: "/value" });
    });
  });

  describe("list", () => {
    it("pages through sessions ordered by id", async () => {
      for (const id of ["c", "a", "d", "b"]) await service.create({ id });
      expect((await service.list({ limit: 2 })).map((session) => session.id)).toEqual(["a", "b"]);
      expect((await service.list({ after: "b", limit: 10 })).map((session) => session.id)).toEqual(["c", "d"]);
    });
  });

  describe("delete and deleteExpired", () => {
    it("deletes a session with its log and leaves other sessions alone", async () => {
      await service.create({ id: "gone" });
      await service.create({ id: "kept" });
      await service.appendMessage("gone", user("hello"));
      await service.appendMessage("kept", user("hello"));
      expect(await service.delete("gone")).toBe(true);
      expect(await service.delete("gone")).toBe(false);
      expect(await service.findById("gone")).toBeUndefined();
      expect((await failure(service.getEvents("gone"))).code).toBe("session/not-found");
      expect(await service.getEvents("kept")).toHaveLength(1);
      // The id of a deleted event may be used again.
      const [event] = await service.getEvents("kept");
      await service.create({ id: "again" });
      await service.delete("kept");
      await service.appendEvents("again", [{ id: event!.id, type: "MESSAGE", message: user("reused") }]);
    });

    it("removes expired sessions with their events, and nothing else, when deleteExpired runs", async () => {
      await service.create({ id: "one-hour", timeToLiveSeconds: 3600 });
      await service.create({ id: "two-hours", timeToLiveSeconds: 7200 });
      await service.create({ id: "default" });
      for (const id of ["one-hour", "two-hours", "default"]) await service.appendMessage(id, user(`hi from ${id}`));
      time.advance(3600 * 1000 - 1);
      expect(await service.deleteExpired()).toEqual([]);
      time.advance(1);
      expect(await service.deleteExpired()).toEqual(["one-hour"]);
      expect((await service.list()).map((session) => session.id)).toEqual(["default", "two-hours"]);
      expect(await service.getActiveMessages("two-hours")).toEqual([user("hi from two-hours")]);
      expect(await service.deleteExpired(new Date(Date.parse("2026-11-30T10:00:00.000Z") + 61 * DAY))).toEqual(expect.arrayContaining(["default", "two-hours"]));
      expect(await service.list()).toEqual([]);
    });

    it("keeps an expired session readable until deleteExpired removes it", async () => {
      await service.create({ id: "s-1", timeToLiveSeconds: 1 });
      time.advance(5000);
      expect((await service.findById("s-1"))?.id).toBe("s-1");
    });
  });

  describe("appendEvents", () => {
    beforeEach(async () => {
      await service.create({ id: "s-1" });
    });

    it("numbers events from 1 in append order and returns the new version", async () => {
      const first = await service.appendMessage("s-1", user("one"));
      const result = await service.appendEvents("s-1", [
        { type: "MESSAGE", message: assistant("two") },
        { type: "ACME.AUDIT", payload: { action: "tool-approved", tool: "get_weather" } },
      ]);
      expect(first.seq).toBe(1);
      expect(result.version).toBe(3);
      expect(result.events.map((event) => event.seq)).toEqual([2, 3]);
      expect(await service.getEvents("s-1")).toEqual([first, ...result.events]);
      expect((await service.findById("s-1"))?.version).toBe(3);
    });

    it("writes nothing from a batch that holds one invalid event, and says where it is", async () => {
      await service.appendMessage("s-1", user("one"));
      const error = await failure(service.appendEvents("s-1", [
        { type: "MESSAGE", message: assistant("fine") },
        { type: "MESSAGE", message: { role: "assistant", parts: [{ type: "tool_call", toolCall: { id: "c", type: "function", name: "x" } }] } as never },
      ]));
      expect(error).toMatchObject({ code: "schema/invalid", pointer: "/1/message/parts/0/toolCall" });
      expect(await service.getEvents("s-1")).toHaveLength(1);
    });

    it("rejects a stale expectedVersion with session/version-conflict naming both versions, and writes nothing", async () => {
      await service.appendMessage("s-1", user("one"), { expectedVersion: 0 });
      const error = await failure(service.appendMessage("s-1", user("late"), { expectedVersion: 0 }));
      expect(error).toMatchObject({ code: "session/version-conflict", details: { sessionId: "s-1", expectedVersion: 0, actualVersion: 1 } });
      expect(await service.getEvents("s-1")).toHaveLength(1);
      await service.appendEvents("s-1", [], 1);
      expect((await failure(service.appendEvents("s-1", [], 0))).code).toBe("session/version-conflict");
    });

    it("lets exactly one of many writers with the same expectedVersion win", async () => {
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, index) =>
        service.appendEvents("s-1", [{ type: "MESSAGE", message: user(`writer ${index}`) }, { type: "MESSAGE", message: assistant(`reply ${index}`) }], 0)));
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "session/version-conflict" });
      const events = await service.getEvents("s-1");
      expect(events.map((event) => event.seq)).toEqual([1, 2]);
    });

    it("rejects an event id already used in any session, or twice in one batch, and writes nothing", async () => {
      await service.create({ id: "s-2" });
      await service.appendEvents("s-2", [{ id: "e-1", type: "MESSAGE", message: user("taken") }]);
      const taken = await failure(service.appendEvents("s-1", [{ id: "e-0", type: "MESSAGE", message: user("new") }, { id: "e-1", type: "MESSAGE", message: user("dup") }]));
      expect(taken).toMatchObject({ code: "session/duplicate-id", details: { kind: "event", ids: ["e-1"] } });
      const twice = await failure(service.appendEvents("s-1", [{ id: "e-9", type: "MESSAGE", message: user("a") }, { id: "e-9", type: "MESSAGE", message: user("b") }]));
      expect(twice.code).toBe("session/duplicate-id");
      expect(await service.getEvents("s-1")).toEqual([]);
    });

    it("makes a retried append a no-op when every event is stored with the same content, whatever version the retry expects", async () => {
      const batch = [
        { id: "e-1", type: "MESSAGE", message: user("hi"), metadata: { trace: { a: 1, b: [2] } } },
        { id: "e-2", type: "ACME.AUDIT", timestamp: "2026-11-30T09:00:00Z", payload: { approved: true, by: "alice" } },
      ] as const;
      const first = await service.appendEvents("s-1", batch, 0);
      time.advance(5000);
      // A retry after a lost reply: same ids and content, the clock moved on, the version already taken.
      const retried = await service.appendEvents("s-1", [
        { ...batch[0], metadata: { trace: { b: [2], a: 1 } } },
        { ...batch[1], payload: { by: "alice", approved: true } },
      ], 0);
      expect(retried).toEqual(first);
      await service.appendMessage("s-1", assistant("later"));
      expect(await service.appendMessage("s-1", user("hi"), { id: "e-1", metadata: { trace: { a: 1, b: [2] } } })).toEqual(first.events[0]);
      expect((await service.getEvents("s-1")).map((event) => event.seq)).toEqual([1, 2, 3]);
      expect((await service.findById("s-1"))?.version).toBe(3);
    });

    it("keeps session/duplicate-id for a stored id with other content, another timestamp given, another session, or a batch only partly stored", async () => {
      await service.create({ id: "s-2" });
      await service.appendEvents("s-1", [{ id: "e-1", type: "MESSAGE", timestamp: "2026-11-30T09:00:00Z", message: user("hi") }]);
      const attempts = [
        () => service.appendEvents("s-1", [{ id: "e-1", type: "MESSAGE", message: user("edited") }]),
        () => service.appendEvents("s-1", [{ id: "e-1", type: "MESSAGE", message: user("hi"), metadata: { synthetic: true } }]),
        () => service.appendEvents("s-1", [{ id: "e-1", type: "MESSAGE", timestamp: "2026-11-30T09:00:01Z", message: user("hi") }]),
        () => service.appendEvents("s-2", [{ id: "e-1", type: "MESSAGE", timestamp: "2026-11-30T09:00:00Z", message: user("hi") }]),
        () => service.appendEvents("s-1", [{ id: "e-1", type: "MESSAGE", message: user("hi") }, { id: "e-new", type: "MESSAGE", message: user("more") }]),
      ];
      // One at a time: each attempt starts only after the previous one was refused.
      for (const attempt of attempts) expect(await failure(attempt())).toMatchObject({ code: "session/duplicate-id", details: { kind: "event", ids: ["e-1"] } });
      expect(ids(await service.getEvents("s-1"))).toEqual(["e-1"]);
      expect(await service.getEvents("s-2")).toEqual([]);
    });

    it("rejects an append to an unknown session with session/not-found", async () => {
      expect((await failure(service.appendMessage("nobody", user("hi")))).code).toBe("session/not-found");
      expect((await failure(service.getActiveMessages("nobody"))).code).toBe("session/not-found");
    });

    it("rejects a seq, a foreign sessionId and values JSON cannot carry, with their pointers", async () => {
      expect((await failure(service.appendEvents("s-1", [{ type: "MESSAGE", message: user("x"), seq: 5 } as never]))).pointer).toBe("/0/seq");
      expect((await failure(service.appendEvents("s-1", [{ sessionId: "s-2", type: "MESSAGE", message: user("x") }]))).pointer).toBe("/0/sessionId");
      expect((await failure(service.appendEvents("s-1", [{ type: "ACME.NOTE", payload: { at: new Date() } }]))).pointer).toBe("/0/payload/at");
      expect((await failure(service.appendEvents("s-1", [{ type: "ACME.NOTE", payload: { score: Number.NaN } }]))).pointer).toBe("/0/payload/score");
      expect((await failure(service.appendMessage("s-1", user("x"), { metadata: { list: [1, undefined] } }))).pointer).toBe("/0/metadata/list");
      expect((await failure(service.appendEvents("s-1", [{ type: "acme.lower", payload: {} }]))).code).toBe("schema/invalid");
      expect(await service.getEvents("s-1")).toEqual([]);
    });

    it("accepts a compaction boundary only when it names message events of this log", async () => {
      const [question] = (await service.appendEvents("s-1", [{ type: "MESSAGE", message: user("q") }, { type: "ACME.NOTE", payload: {} }])).events;
      const boundary = (activeEventIds: string[]) => ({
        type: "COMPACTION",
        payload: { activeEventIds, pinnedEventIds: [], coveredEventIds: [], trigger: "manual", strategy: "manual" },
      } as const);
      expect((await failure(service.appendEvents("s-1", [boundary(["elsewhere"])]))).pointer).toBe("/0/payload/activeEventIds/0");
      const note = (await service.getEvents("s-1", { eventTypes: ["ACME.NOTE"] }))[0]!;
      expect((await failure(service.appendEvents("s-1", [boundary([note.id])]))).message).toContain("not a message");
      await service.appendEvents("s-1", [boundary([question!.id])]);
      expect(await service.getActiveMessages("s-1")).toEqual([user("q")]);
    });
  });

  describe("importEvents", () => {
    const batch = [
      { id: "i-1", timestamp: "2026-11-30T09:00:00.000Z", type: "MESSAGE", message: user("one") },
      { id: "i-2", timestamp: "2026-11-30T09:00:01.000Z", type: "MESSAGE", message: assistant("two") },
    ] as const;

    it("creates a missing session together with its events, numbered from 1", async () => {
      const result = await service.importEvents("imported", [...batch]);
      expect([result.version, result.alreadyImported, result.events.map((event) => event.seq)]).toEqual([2, false, [1, 2]]);
      expect(await service.getEvents("imported")).toEqual(result.events);
      expect((await service.findById("imported"))?.version).toBe(2);
    });

    it("leaves no session behind when the batch fails in the store (an event id another session holds)", async () => {
      await service.create({ id: "other" });
      await service.appendEvents("other", [{ id: "i-2", type: "MESSAGE", message: user("taken") }]);
      const error = await failure(service.importEvents("imported", [...batch]));
      expect(error).toMatchObject({ code: "session/duplicate-id", details: { kind: "event", ids: ["i-2"] } });
      expect(await service.findById("imported")).toBeUndefined();
      expect(await service.getEvents("other")).toHaveLength(1);
    });

    it("leaves no session behind when an event is invalid or nested past the limit", async () => {
      const deep = JSON.parse(`${'{"a":'.repeat(200)}{}${"}".repeat(200)}`) as Record<string, unknown>;
      expect((await failure(service.importEvents("imported", [{ type: "MESSAGE", message: user("x"), metadata: deep } as never]))).code).toBe("json/too-deep");
      expect((await failure(service.importEvents("imported", [{ type: "MESSAGE", message: { role: "nobody", parts: [] } } as never]))).code).toBe("schema/invalid");
      expect(await service.findById("imported")).toBeUndefined();
    });

    it("writes nothing and reports alreadyImported when the log already holds the batch (a rerun)", async () => {
      const first = await service.importEvents("imported", [...batch]);
      const again = await service.importEvents("imported", [...batch]);
      expect(again).toEqual({ version: 2, events: [], alreadyImported: true });
      expect(await service.getEvents("imported")).toEqual(first.events);
    });

    it("appends to an existing session at the version read, and refuses a batch only part of which it holds", async () => {
      await service.create({ id: "imported" });
      await service.appendMessage("imported", system("be brief"));
      expect((await service.importEvents("imported", [batch[0]])).version).toBe(2);
      const partly = await failure(service.importEvents("imported", [...batch].map((event) => ({ ...event, message: user("changed") }))));
      expect(partly).toMatchObject({ code: "session/duplicate-id" });
      expect(await service.getEvents("imported")).toHaveLength(2);
    });
  });

  describe("getEvents and getActiveMessages", () => {
    let log: SessionEvent[];

    beforeEach(async () => {
      await service.create({ id: "s-1" });
      log = (await service.appendEvents("s-1", [
        { type: "MESSAGE", message: system("be brief") },
        { type: "MESSAGE", message: user("Weather in Oslo?") },
        { type: "MESSAGE", message: toolCall("call-1") },
        { type: "ACME.AUDIT", payload: { approved: "get_weather" } },
        { type: "MESSAGE", message: toolResult("call-1") },
        { type: "MESSAGE", message: assistant("Rain.") },
        { type: "MESSAGE", message: user("And tomorrow?") },
        { type: "MESSAGE", message: reasoningOnly() },
        { type: "MESSAGE", message: unknownOnly() },
        { type: "MESSAGE", message: assistant("Sun."), metadata: { synthetic: true } },
      ])).events;
    });

    it("returns every event of the log in order by default", async () => {
      expect(await service.getEvents("s-1")).toEqual(log);
    });

    it("selects by event type, by role and without synthetic events", async () => {
      expect(ids(await service.getEvents("s-1", { eventTypes: ["ACME.AUDIT"] }))).toEqual([log[3]!.id]);
      expect(ids(await service.getEvents("s-1", { roles: ["user"] }))).toEqual([log[1]!.id, log[6]!.id]);
      expect(ids(await service.getEvents("s-1", { excludeSynthetic: true }))).toEqual(ids(log.slice(0, 9)));
    });

    it("widens lastN back to the start of the turn its window lands in", async () => {
      // The newest 6 events begin at the tool result; its turn starts at the first question.
      expect(ids(await service.getEvents("s-1", { lastN: 6 }))).toEqual(ids(log.slice(1)));
      expect(ids(await service.getEvents("s-1", { lastN: 2 }))).toEqual(ids(log.slice(6)));
      expect(ids(await service.getEvents("s-1", { lastN: 100 }))).toEqual(ids(log));
    });

    it("keeps reasoning-only and unknown-only assistant messages in the active view, and custom events out", async () => {
      const messages = await service.getActiveMessages("s-1");
      expect(messages).toEqual(log.filter((event): event is MessageEvent => event.type === "MESSAGE").map((event) => event.message));
      expect(messages).toContainEqual(reasoningOnly());
      expect(messages).toContainEqual(unknownOnly());
    });

    it("reads the MESSAGE bodies alone, in order, with null for a row of another body format", async () => {
      const rows = await repository.readEvents("s-1", { types: ["MESSAGE"] });
      expect(await repository.readMessageBodies("s-1", "partwise/1")).toEqual(rows.map((row) => row.body));
      expect(await repository.readMessageBodies("s-1", "partwise/2")).toEqual(rows.map(() => null));
      expect(await repository.readMessageBodies("no-such-session", "partwise/1")).toEqual([]);
    });

    it("rejects an invalid filter with the pointer of the bad field", async () => {
      expect((await failure(service.getEvents("s-1", { lastN: 0 }))).pointer).toBe("/lastN");
      expect((await failure(service.getEvents("s-1", { roles: ["robot" as never] }))).pointer).toBe("/roles/0");
      expect((await failure(service.getEvents("s-1", { view: "recent" as never }))).pointer).toBe("/view");
    });
  });

  describe("compact", () => {
    beforeEach(async () => {
      await service.create({ id: "s-1" });
      await service.appendMessage("s-1", system("be brief"));
      for (const turn of [1, 2, 3]) {
        await service.appendMessage("s-1", user(`question ${turn}`));
        await service.appendMessage("s-1", toolCall(`call-${turn}`));
        await service.appendMessage("s-1", toolResult(`call-${turn}`));
        await service.appendMessage("s-1", assistant(`answer ${turn}`));
      }
    });

    it("appends one boundary that leaves the system prompt and the last turn in view, and deletes nothing", async () => {
      const before = await service.getEvents("s-1");
      const result = await service.compact("s-1", new TurnCountTrigger(2), new LastTurnsStrategy(1));
      expect(result).toMatchObject({ unchanged: false, version: 14, summary: [] });
      expect(result.pinnedEvents.map((event) => event.message)).toEqual([system("be brief")]);
      expect(result.coveredEvents).toHaveLength(8);
      expect(result.boundary?.payload).toMatchObject({ trigger: "turns>2", strategy: "last-turns(1)", coveredEventIds: ids(before.slice(1, 9)) });
      expect(await service.getActiveMessages("s-1")).toEqual([system("be brief"), user("question 3"), toolCall("call-3"), toolResult("call-3"), assistant("answer 3")]);
      const all = await service.getEvents("s-1");
      expect(all.slice(0, 13)).toEqual(before);
      expect(all[13]).toEqual(result.boundary);
      // New events extend the compacted view.
      await service.appendMessage("s-1", user("question 4"));
      expect((await service.getActiveMessages("s-1")).at(-1)).toEqual(user("question 4"));
    });

    it("writes nothing when the trigger does not fire or nothing would leave the view", async () => {
      expect(await service.compact("s-1", new TurnCountTrigger(3), new LastTurnsStrategy(1))).toMatchObject({ unchanged: true, reason: "trigger-not-fired", version: 13 });
      expect(await service.compact("s-1", new TurnCountTrigger(1), new LastTurnsStrategy(5))).toMatchObject({ unchanged: true, reason: "nothing-to-cover", version: 13 });
      expect((await service.findById("s-1"))?.version).toBe(13);
    });

    it("fails with session/version-conflict, writing nothing, when the log moves while the summary is written", async () => {
      const racing: Summarizer = {
        async summarize() {
          await service.appendMessage("s-1", user("sent meanwhile"));
          return "summary";
        },
      };
      const error = await failure(service.compact("s-1", new TurnCountTrigger(1), new SummarizingStrategy({ window: new LastTurnsStrategy(1), summarizer: racing })));
      expect(error.code).toBe("session/version-conflict");
      expect((await service.getEvents("s-1", { eventTypes: ["COMPACTION"] }))).toEqual([]);
      expect((await service.getActiveMessages("s-1")).at(-1)).toEqual(user("sent meanwhile"));
    });
  });
});
