// A provider declared and written outside partwise (test/extension/acme: its own .tsp, description, codec
// and simulator), registered at run time, then used as a user would: decoding and aggregation, validation,
// session stores, and a tool loop over loopback HTTP whose sealed thought must come back verbatim.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type History, type Message, aggregate, validateHistory, chunkBatchesFromBytes, codecFor, messagesEqual, registerProvider, unregisterProvider } from "../../src/index.js";
import { ChatClient, type ChatTool, ProviderHttpClient, SessionChat } from "../../src/exports/chat.js";
import { validateFile } from "../../src/exports/files.js";
import { MemorySessionRepository, SessionService } from "../../src/exports/session.js";
import { SqliteSessionRepository } from "../../src/exports/sqlite.js";
import { temporaryDirectory } from "../support/temporary-directory.js";
import { ACME_ANSWER, ACME_THOUGHT, type AcmeSimulator, startAcmeSimulator } from "./acme/acme-simulator.js";
import { acmeRegistration } from "./acme/index.js";

const directory = temporaryDirectory("acme");
const API_KEY = "acme-test-key";

let simulator: AcmeSimulator;
beforeAll(async () => {
  registerProvider(acmeRegistration);
  simulator = await startAcmeSimulator({ apiKey: API_KEY, secret: "acme-secret" });
});
afterAll(async () => {
  await simulator.close();
  unregisterProvider("acme");
});

const weatherTools: readonly ChatTool[] = [
  {
    name: "get_weather",
    description: "Current weather in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    execute: () => ({ temp_c: 7, conditions: "light rain" }),
  },
];

function transport(): ProviderHttpClient {
  return new ProviderHttpClient({ provider: "acme", model: "acme-think-1", baseUrl: simulator.url, apiKey: API_KEY, env: {}, backoffMs: 1 });
}

function chat(stream: boolean): ChatClient {
  return new ChatClient({ codec: codecFor("acme"), transport: transport(), tools: weatherTools, stream });
}

/** A tool-loop history carrying a sealed acme thought, as the simulator issues it. */
function sealedHistory(): History {
  return {
    format: "partwise.history",
    version: 1,
    messages: [
      { role: "user", parts: [{ type: "text", text: "Is it raining in Oslo?" }] },
      {
        role: "assistant",
        parts: [
          { type: "reasoning", text: ACME_THOUGHT, payload: { provider: "acme", kind: "seal", data: simulator.seal(ACME_THOUGHT) } },
          { type: "tool_call", toolCall: { id: "call_1", type: "function", name: "get_weather", arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: "tool", parts: [{ type: "tool_result", id: "call_1", name: "get_weather", content: [{ type: "text", text: '{"temp_c":7}' }], isError: false }] },
    ],
  };
}

describe("registerProvider (the out-of-repo acme provider)", () => {
  it("aggregates a streamed reply into the message the blocking decode returns", async () => {
    const codec = codecFor("acme");
    const request = codec.encodeRequest([{ role: "user", parts: [{ type: "text", text: "Is it raining in Oslo?" }] }]).body;
    const blocking = codec.decodeResponse(await transport().complete(request));
    const streamed = await aggregate(chunkBatchesFromBytes(codec, (await transport().stream(request)).bytes));
    expect(streamed.complete).toBe(true);
    expect(messagesEqual(streamed.message, blocking.message)).toBe(true);
    expect(blocking.message.parts[0]).toEqual({ type: "reasoning", text: ACME_THOUGHT, payload: { provider: "acme", kind: "seal", data: simulator.seal(ACME_THOUGHT) } });
    expect(streamed.info).toMatchObject({ finishReason: "tool_calls", usage: { inputTokens: 42, outputTokens: 17 } });
  });

  it("validates a history with acme payloads, and a target of acme, without an unknown-provider error", async () => {
    const path = join(directory, "sealed.json");
    writeFileSync(path, JSON.stringify(sealedHistory()));
    const issues: unknown[] = [];
    const summary = await validateFile(path, { target: { provider: "acme" }, onIssue: (issue) => issues.push(issue) });
    expect(issues).toEqual([]);
    expect(summary).toMatchObject({ errors: 0, warnings: 0 });
    expect(validateHistory(sealedHistory(), { target: { provider: "acme" } })).toMatchObject({ valid: true, errorCount: 0, warningCount: 0, problems: [] });
  });

  it("reports acme payloads as of an unknown provider again once acme is unregistered", async () => {
    const path = join(directory, "unregistered.json");
    writeFileSync(path, JSON.stringify(sealedHistory()));
    unregisterProvider("acme");
    try {
      const issues: { message: string; pointer?: string }[] = [];
      await validateFile(path, { onIssue: (issue) => issues.push(issue) });
      const unknownProvider = { pointer: "/messages/1/parts/0/payload/provider", message: 'payload provider "acme" is not a known provider id' };
      expect(issues).toEqual([expect.objectContaining(unknownProvider)]);
      expect(validateHistory(sealedHistory()).problems).toEqual([expect.objectContaining(unknownProvider)]);
    } finally {
      registerProvider(acmeRegistration);
    }
  });

  it.each([
    ["memory", () => new MemorySessionRepository()],
    ["sqlite", () => new SqliteSessionRepository(join(directory, "sessions.db"))],
  ] as const)("keeps acme parts and payloads part for part in the %s store", async (_name, open) => {
    const service = new SessionService(open());
    try {
      await service.findOrCreate({ id: "acme-session" });
      for (const message of sealedHistory().messages) await service.appendMessage("acme-session", message);
      const stored = await service.getActiveMessages("acme-session");
      expect(stored.every((message, index) => messagesEqual(message, sealedHistory().messages[index] as Message))).toBe(true);
      // What the store gives back encodes to what the history encodes to: the seal goes out as received.
      expect(codecFor("acme").encodeRequest(stored).body).toEqual(codecFor("acme").encodeRequest(sealedHistory()).body);
    } finally {
      await service.close();
    }
  });

  it.each([false, true])("runs the weather tool loop through SessionChat and replays the sealed thought verbatim (stream %s)", async (stream) => {
    const service = new SessionService(new MemorySessionRepository());
    try {
      const before = simulator.requests.length;
      const result = await new SessionChat(chat(stream), service).send("loop", "Is it raining in Oslo?");
      expect(result).toMatchObject({ stoppedBy: "model", rounds: 2 });
      expect(result.message.parts).toEqual([{ type: "text", text: ACME_ANSWER }]);
      const [first, second] = simulator.requests.slice(before);
      expect(first).toMatchObject({ model: "acme-think-1", stream, tools: [expect.objectContaining({ name: "get_weather" })] });
      expect(second?.turns).toEqual([
        { role: "user", items: [{ type: "say", text: "Is it raining in Oslo?" }] },
        { role: "model", items: [{ type: "thought", text: ACME_THOUGHT, seal: simulator.seal(ACME_THOUGHT) }, { type: "call", call_id: "call_1", tool: "get_weather", input: '{"city":"Oslo"}' }] },
        { role: "user", items: [expect.objectContaining({ type: "result", call_id: "call_1" })] },
      ]);
      const stored = await service.getActiveMessages("loop");
      expect(stored.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
      expect(stored[1]?.parts[0]?.payload).toEqual({ provider: "acme", kind: "seal", data: simulator.seal(ACME_THOUGHT) });
    } finally {
      await service.close();
    }
  });

  it("gets the simulator's 400 when the thought comes back with another seal", async () => {
    const history = sealedHistory();
    const assistant = history.messages[1] as Message;
    const forged: Message = { ...assistant, parts: [{ type: "reasoning", text: ACME_THOUGHT, payload: { provider: "acme", kind: "seal", data: "forged" } }, ...assistant.parts.slice(1)] };
    const sent = chat(false).send(undefined, { history: [history.messages[0] as Message, forged, history.messages[2] as Message] });
    await expect(sent).rejects.toMatchObject({ code: "provider/api-error", failure: { status: 400, errorType: "invalid_request", providerMessage: expect.stringContaining("seal Acme did not issue") } });
  });

  it("skips reasoning without an acme seal under acme's own replay rules", () => {
    const history = sealedHistory();
    const assistant = history.messages[1] as Message;
    const foreign: Message = { ...assistant, parts: [{ type: "reasoning", text: "thinking", payload: { provider: "anthropic", kind: "signature", data: "sig" } }, ...assistant.parts.slice(1)] };
    const encoded = codecFor("acme").encodeRequest([history.messages[0] as Message, foreign]);
    expect(encoded.warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/1/parts/0", message: expect.stringContaining("Acme takes only thoughts it sealed") })]);
    expect(encoded.body.turns).toEqual([
      { role: "user", items: [{ type: "say", text: "Is it raining in Oslo?" }] },
      { role: "model", items: [{ type: "call", call_id: "call_1", tool: "get_weather", input: '{"city":"Oslo"}' }] },
    ]);
  });
});
