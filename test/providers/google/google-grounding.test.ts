import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { parseMessage } from "../../../src/parts/parse.js";
import { serialize } from "../../../src/parts/serialize.js";
import { encodeGoogleRequest, decodeGoogleResponse, googleCodec } from "../../../src/providers/google/index.js";
import { MemorySessionRepository } from "../../../src/session/memory-session-repository.js";
import { SessionService } from "../../../src/session/session-service.js";
import { decodeEventLines, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";

const PROVIDER = "google";
type Candidate = { groundingMetadata?: object; urlContextMetadata?: object };
type Body = { candidates: Candidate[] };

/** The candidate fields the message keeps, read from the recorded chunks: the last non-empty value of each. */
function recordedMetadata(lines: readonly { candidates?: Candidate[] }[]) {
  const kept: Record<string, object> = {};
  for (const line of lines) {
    for (const [key, value] of Object.entries(line.candidates?.[0] ?? {})) {
      if ((key === "groundingMetadata" || key === "urlContextMetadata") && Object.keys(value as object).length > 0) kept[key] = value as object;
    }
  }
  return { google: kept };
}

async function streamed(file: string): Promise<Message> {
  const [response] = await decodeEventLines(googleCodec, readFixtureLines(PROVIDER, file));
  return response!.message;
}

describe("decodeGoogleResponse", () => {
  it("keeps search grounding (queries, sources, supports, entry point) as received in the message's metadata", () => {
    const body = readFixtureJson(PROVIDER, "pydantic-ai__google-web-search-tool.json") as Body;
    const { message } = decodeGoogleResponse(body);
    expect(message.metadata).toEqual({ google: { groundingMetadata: body.candidates[0]!.groundingMetadata } });
    expect(Object.keys(message.metadata!.google as object)).toEqual(["groundingMetadata"]);
    expect((body.candidates[0]!.groundingMetadata as Record<string, unknown>).searchEntryPoint).toBeDefined();
  });

  it("keeps URL-context metadata beside the grounding it backs", () => {
    const body = readFixtureJson(PROVIDER, "pydantic-ai__google-url-context.json") as Body;
    const [candidate] = body.candidates;
    expect(decodeGoogleResponse(body).message.metadata).toEqual({ google: { groundingMetadata: candidate!.groundingMetadata, urlContextMetadata: candidate!.urlContextMetadata } });
  });

  it("gives a message without grounding no metadata", () => {
    expect(decodeGoogleResponse(readFixtureJson(PROVIDER, "vercel-ai__google-text.json")).message).not.toHaveProperty("metadata");
  });
});

describe("GoogleStreamDecoder", () => {
  it("keeps the grounding of the last chunk, not the empty ones before it, as the blocking decoder does", async () => {
    const lines = readFixtureLines(PROVIDER, "pydantic-ai__google-web-search-tool-stream.chunks.txt") as { candidates?: Candidate[] }[];
    expect(lines.slice(0, -1).every((line) => Object.keys(line.candidates![0]!.groundingMetadata!).length === 0)).toBe(true);
    expect((await streamed("pydantic-ai__google-web-search-tool-stream.chunks.txt")).metadata).toEqual(recordedMetadata(lines));
  });

  it("keeps URL-context metadata from the chunk that had it and grounding from the last", async () => {
    const lines = readFixtureLines(PROVIDER, "pydantic-ai__google-url-context-stream.chunks.txt") as { candidates?: Candidate[] }[];
    const metadata = (await streamed("pydantic-ai__google-url-context-stream.chunks.txt")).metadata;
    expect(metadata).toEqual(recordedMetadata(lines));
    expect(Object.keys(metadata!.google as object).sort()).toEqual(["groundingMetadata", "urlContextMetadata"]);
  });
});

describe("grounding metadata", () => {
  it("is never sent back to Gemini: the next request carries the answer's parts only", async () => {
    const answer = await streamed("pydantic-ai__google-web-search-tool-stream.chunks.txt");
    const { body } = encodeGoogleRequest([{ role: "user", parts: [{ type: "text", text: "What is the weather in San Francisco today?" }] }, answer]);
    const request = JSON.stringify(body);
    expect(request).not.toContain("groundingMetadata");
    expect(request).not.toContain("webSearchQueries");
    expect(body.contents[1]).toEqual({ role: "model", parts: answer.parts.map((part) => ({ text: (part as { text: string }).text })) });
  });

  it("persists with the message: in the canonical JSON and in a session", async () => {
    const answer = decodeGoogleResponse(readFixtureJson(PROVIDER, "pydantic-ai__google-url-context.json")).message;
    expect(parseMessage(JSON.parse(serialize(answer)))).toEqual(answer);
    const sessions = new SessionService(new MemorySessionRepository());
    const { id } = await sessions.create();
    await sessions.appendMessage(id, answer);
    expect(await sessions.getActiveMessages(id)).toEqual([answer]);
  });
});
