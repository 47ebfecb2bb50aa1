import { describe, expect, it } from "vitest";
import type { Message } from "../../../generated/types.js";
import { OPENAI_RESPONSES_PROFILES, createOpenAiResponsesCodec, openAiResponsesCodec } from "../../../src/providers/openai-responses/index.js";
import { decodeByteChunks, readFixtureBytes, readFixtureJson } from "../support/provider-fixtures.js";

const PROVIDER = "openai-responses";
const deepSeek = createOpenAiResponsesCodec("deepseek");

type Item = Record<string, unknown> & { type: string };

/** Null fields say nothing on the wire (pydantic-ai sends `encrypted_content: null`). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null).map(([key, field]) => [key, withoutNulls(field)]));
}

/** The recorded DeepSeek tool loop: the streamed first answer, then the history the second request sent. */
async function deepSeekToolLoop(): Promise<{ history: Message[]; recorded: { input: Item[] } }> {
  const [answer] = await decodeByteChunks(deepSeek, [readFixtureBytes(PROVIDER, "pydantic-ai__deepseek-responses-function-tool-stream.1.sse")]);
  const recorded = readFixtureJson(PROVIDER, "pydantic-ai__deepseek-responses-function-tool-stream.2.request.json") as { input: Item[] };
  const output = recorded.input.find((item) => item.type === "function_call_output")!;
  const history: Message[] = [
    { role: "user", parts: [{ type: "text", text: String(recorded.input[0]!.content) }] },
    answer!.message,
    { role: "tool", parts: [{ type: "tool_result", id: String(output.call_id), content: [{ type: "text", text: String(output.output) }], isError: false }] },
  ];
  return { history, recorded };
}

describe("createOpenAiResponsesCodec", () => {
  it("tags the reasoning a compatible server streamed with its profile, and leaves OpenAI's untagged", async () => {
    const { history } = await deepSeekToolLoop();
    const reasoning = history[1]!.parts.find((part) => part.type === "reasoning");
    expect(reasoning).toMatchObject({ type: "reasoning", text: "The user asks about temperature in Tokyo. I'll call the tool.", attributes: { provider: "openai.responses", profile: "deepseek" } });
    expect(reasoning?.payload).toBeUndefined();
    const [asOpenAi] = await decodeByteChunks(openAiResponsesCodec, [readFixtureBytes(PROVIDER, "pydantic-ai__deepseek-responses-function-tool-stream.1.sse")]);
    expect(asOpenAi!.message.parts.find((part) => part.type === "reasoning")?.attributes).not.toHaveProperty("profile");
  });

  it("replays DeepSeek's own reasoning items without encrypted content as its recorded second request did", async () => {
    const { history, recorded } = await deepSeekToolLoop();
    const { body, warnings } = deepSeek.encodeRequest(history);
    expect(warnings).toEqual([]);
    const sent = body.input as Item[];
    expect(sent.map((item) => item.type)).toEqual(recorded.input.map((item) => item.type ?? "message"));
    const [reasoning, call] = [sent[1]!, sent[2]!];
    const [recordedReasoning, recordedCall] = withoutNulls([recorded.input[1], recorded.input[2]]) as Item[];
    // The item goes back as DeepSeek sent it (partwise also keeps its status); the call with its call id, name and arguments.
    expect(reasoning).toEqual({ ...recordedReasoning, status: "completed" });
    expect(call).toMatchObject(recordedCall!);
    expect(sent[3]).toEqual(recorded.input[3]);
  });

  it("never sends a compatible server's unencrypted reasoning to OpenAI, and sends the calls after it without their ids", async () => {
    const { history } = await deepSeekToolLoop();
    const { body, warnings } = openAiResponsesCodec.encodeRequest(history);
    expect((body.input as Item[]).some((item) => item.type === "reasoning")).toBe(false);
    expect(warnings).toMatchObject([{ code: "provider/part-skipped", pointer: "/1/parts/0" }]);
    expect((body.input as Item[]).find((item) => item.type === "function_call")).not.toHaveProperty("id");
  });

  it("sends encrypted content only to the server that issued it", () => {
    const body = readFixtureJson(PROVIDER, "pydantic-ai__deepseek-responses-replay-own-reasoning.1.json");
    const encryptedBy = (codec: typeof deepSeek) => codec.decodeResponse(body).message;
    const reasoningSent = (codec: typeof deepSeek, message: Message) => (codec.encodeRequest([message]).body.input as Item[]).some((item) => item.type === "reasoning");
    expect(reasoningSent(deepSeek, encryptedBy(deepSeek))).toBe(true);
    expect(reasoningSent(openAiResponsesCodec, encryptedBy(deepSeek))).toBe(false);
    expect(reasoningSent(deepSeek, encryptedBy(openAiResponsesCodec))).toBe(false);
    expect(reasoningSent(openAiResponsesCodec, encryptedBy(openAiResponsesCodec))).toBe(true);
  });

  it("takes the server from the encode option's variant, and names the profiles for an unknown one", async () => {
    const { history } = await deepSeekToolLoop();
    expect(openAiResponsesCodec.encodeRequest(history, { variant: "deepseek" })).toEqual(deepSeek.encodeRequest(history));
    expect(deepSeek.encodeRequest(history, { variant: "default" })).toEqual(openAiResponsesCodec.encodeRequest(history));
    expect(Object.keys(OPENAI_RESPONSES_PROFILES)).toEqual(["openai", "deepseek", "gpt-oss"]);
    expect(() => deepSeek.encodeRequest(history, { variant: "azure" })).toThrow(/no server profile "azure".*deepseek/);
  });

  it("replays the raw reasoning gpt-oss gave behind a Responses endpoint to gpt-oss only, as received", () => {
    const body = readFixtureJson(PROVIDER, "pydantic-ai__bedrock-mantle-gpt-oss-responses.1.json") as { output: Item[] };
    const gptOss = createOpenAiResponsesCodec("gpt-oss");
    const { message } = gptOss.decodeResponse(body);
    expect(message.parts[0]).toMatchObject({ type: "reasoning", attributes: { profile: "gpt-oss" } });
    const replayed = gptOss.encodeRequest([message]);
    expect(replayed.warnings).toEqual([]);
    expect((replayed.body.input as Item[])[0]).toEqual(body.output[0]);
    expect((deepSeek.encodeRequest([message]).body.input as Item[]).map((item) => item.type)).toEqual(["message"]);
    expect((openAiResponsesCodec.encodeRequest([message]).body.input as Item[]).map((item) => item.type)).toEqual(["message"]);
  });
});
