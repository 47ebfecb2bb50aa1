import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../../generated/types.js";
import { decodeOpenAiResponsesResponse, encodeOpenAiResponsesRequest } from "../../../src/providers/openai-responses/index.js";
import { fixtureFiles, readFixtureJson, readFixtureLines } from "../support/provider-fixtures.js";

const PROVIDER = "openai-responses";

type Item = Record<string, unknown> & { type: string };
type Body = { output: Item[] };
const user = (text: string): Message => ({ role: "user", parts: [{ type: "text", text }] });
const encrypted = (data: string) => ({ provider: "openai.responses", kind: "encrypted_content", data });
const call = (id: string, name = "get_weather", argumentsText = '{"city":"Paris"}'): Part => ({ type: "tool_call", toolCall: { id, type: "function", name, arguments: argumentsText } });
const result = (id: string, text: string): Part => ({ type: "tool_result", id, name: "get_weather", content: [{ type: "text", text }], isError: false });

/** Every recorded or composed response body: the blocking ones and those each stream ends with. */
const responses: [string, Body][] = [
  ...fixtureFiles(PROVIDER, ".json").filter((file) => !file.includes("error") && !file.endsWith(".request.json")).map((file): [string, Body] => [file, readFixtureJson(PROVIDER, file) as Body]),
  ...fixtureFiles(PROVIDER, ".chunks.txt").filter((file) => !file.includes("error") && !file.includes("parallel-tool-call-wrapper")).flatMap((file) =>
    (readFixtureLines(PROVIDER, file) as Item[]).filter((line) => line.type === "response.completed").map((line, index): [string, Body] => [`${file} response ${index + 1}`, line.response as Body])),
];
/** Reasoning without encrypted content (a store: true recording) cannot go back statelessly; those are tested apart. */
const replayableWhole = responses.filter(([, body]) => body.output.length > 0 && body.output.every((item) => item.type !== "reasoning" || typeof item.encrypted_content === "string"));

/** Fields that say nothing on the wire: null values and empty log probabilities (an empty reasoning content list is kept). */
function requestForm(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(requestForm);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value)
    .filter(([key, field]) => field !== null && !(key === "logprobs" && Array.isArray(field) && field.length === 0))
    .map(([key, field]) => [key, requestForm(field)]));
}

describe("encodeOpenAiResponsesRequest", () => {
  it.each(replayableWhole)("sends back every output item in order, encrypted content byte-identical, when replaying %s", (_name, body) => {
    const assistant = decodeOpenAiResponsesResponse(body).message;
    const { body: request, warnings } = encodeOpenAiResponsesRequest([user("hi"), assistant]);
    expect(request.input[0]).toEqual({ type: "message", role: "user", content: "hi" });
    expect(requestForm(request.input.slice(1))).toEqual(requestForm(body.output));
    expect(warnings).toEqual([]);
  });

  it("sends the earlier items verbatim, then the function output, when a stateless tool loop continues", () => {
    const [first, second] = (readFixtureLines(PROVIDER, "vercel-ai__openai-reasoning-encrypted-content.1.chunks.txt") as Item[])
      .filter((line) => line.type === "response.completed").map((line) => line.response as Body);
    const history: Message[] = [
      { role: "system", parts: [{ type: "text", text: "Use the calculator." }] },
      user("Add 12 and 7, times 3, times 10."),
      decodeOpenAiResponsesResponse(first).message,
      { role: "tool", parts: [result("call_AB6AaRZ1FYZB2RwS6A5vbdqn", "19")] },
      decodeOpenAiResponsesResponse(second).message,
    ];
    const { body, warnings } = encodeOpenAiResponsesRequest(history, { request: { model: "gpt-5.1-codex-max", include: ["message.output_text.logprobs"], store: true } });
    expect(body).toEqual({
      model: "gpt-5.1-codex-max",
      instructions: "Use the calculator.",
      input: [
        { type: "message", role: "user", content: "Add 12 and 7, times 3, times 10." },
        ...first!.output,
        { type: "function_call_output", call_id: "call_AB6AaRZ1FYZB2RwS6A5vbdqn", output: "19" },
        ...second!.output,
      ],
      store: false,
      include: ["message.output_text.logprobs", "reasoning.encrypted_content"],
    });
    expect(warnings).toEqual([]);
  });

  it("leaves out reasoning with a warning, and sends the items after it without their item ids, when it has no encrypted content", () => {
    const body = readFixtureJson(PROVIDER, "vercel-ai__openai-web-search-tool.1.json") as Body;
    const assistant = decodeOpenAiResponsesResponse(body).message;
    const { body: request, warnings } = encodeOpenAiResponsesRequest([user("news?"), assistant]);
    const message = body.output.at(-1) as Item & { content: unknown[] };
    expect(request.input.slice(1)).toEqual([
      body.output[1], body.output[3], body.output[5],
      // The answer keeps its annotated content; without the reasoning before it, its msg_ id would be rejected.
      { type: "message", role: "assistant", content: message.content },
    ]);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/1/parts/0", "/1/parts/2", "/1/parts/4", "/1/parts/6"]);
    expect(warnings[0]).toMatchObject({ code: "provider/part-skipped", provider: "openai.responses", message: expect.stringContaining("not found") });
    const calls = decodeOpenAiResponsesResponse(readFixtureJson(PROVIDER, "vercel-ai__openai-local-shell-tool.1.json")).message;
    const plain: Message = { role: "assistant", parts: [{ type: "reasoning", attributes: { provider: "openai.responses", itemId: "rs_1" } }, { ...call("call_1"), attributes: { itemId: "fc_1", itemStatus: "completed" } }, { type: "text", text: "Done.", attributes: { itemId: "msg_1", itemStatus: "completed", phase: "final_answer" } }] };
    expect(encodeOpenAiResponsesRequest([plain]).body.input).toEqual([
      { type: "function_call", call_id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}', status: "completed" },
      { type: "message", role: "assistant", content: "Done.", phase: "final_answer" },
    ]);
    expect(encodeOpenAiResponsesRequest([calls]).body.input).toEqual([(readFixtureJson(PROVIDER, "vercel-ai__openai-local-shell-tool.1.json") as Body).output[1]]);
  });

  it("leaves out encrypted reasoning when no item of its turn follows it (the API rejects it)", () => {
    const reasoning: Part = { type: "reasoning", summary: "thinking", payload: encrypted("gAAAAB-cut"), attributes: { provider: "openai.responses", itemId: "rs_cut" } };
    const { body, warnings } = encodeOpenAiResponsesRequest([user("q"), { role: "assistant", parts: [reasoning] }, user("again")]);
    expect(body.input).toEqual([{ type: "message", role: "user", content: "q" }, { type: "message", role: "user", content: "again" }]);
    expect(warnings).toEqual([expect.objectContaining({ code: "provider/part-skipped", pointer: "/1/parts/0", message: expect.stringContaining("without its required following item") })]);
  });

  it("leaves out encrypted reasoning when the parts after it are sent but make no item", () => {
    const reasoning: Part = { type: "reasoning", summary: "thinking", payload: encrypted("gAAAAB-cut"), attributes: { provider: "openai.responses", itemId: "rs_cut" } };
    // A generated image whose bytes were moved to a URL: the rules send it, but only bytes with an id make an item.
    const movedImage: Part = { type: "media", media: { mimeType: "image/png", data: "https://example.com/ig.png", dataKind: "url" }, attributes: { provider: "openai.responses" } };
    // An empty message that loses its item id because the (unencrypted) reasoning before it is left out.
    const plainReasoning: Part = { type: "reasoning", summary: "plain", attributes: { provider: "openai.responses", itemId: "rs_plain" } };
    const emptyText: Part = { type: "text", text: "", attributes: { itemId: "msg_empty", itemStatus: "completed" } };
    for (const later of [[movedImage], [plainReasoning, emptyText]]) {
      const { body, warnings } = encodeOpenAiResponsesRequest([user("q"), { role: "assistant", parts: [reasoning, ...later] }, user("again")]);
      expect(body.input).toEqual([{ type: "message", role: "user", content: "q" }, { type: "message", role: "user", content: "again" }]);
      expect(warnings[0]).toMatchObject({ code: "provider/part-skipped", pointer: "/1/parts/0", message: expect.stringContaining("without its required following item") });
      expect(warnings.map((warning) => warning.pointer)).toEqual(["/1/parts/0", "/1/parts/1"]);
    }
  });

  it("keeps the calls together after their reasoning, and their outputs after them, when calls ran in parallel", () => {
    const { body } = encodeOpenAiResponsesRequest([
      user("Paris and Rome?"),
      { role: "assistant", parts: [{ type: "reasoning", payload: encrypted("gAAAAB-p"), attributes: { itemId: "rs_p" } }, call("call_1"), call("call_2", "get_weather", '{"city":"Rome"}')] },
      { role: "tool", parts: [result("call_1", "18"), result("call_2", "21")] },
    ]);
    expect(body.input.map((item) => [item.type, (item as Item).call_id ?? (item as Item).id ?? null])).toEqual([
      ["message", null], ["reasoning", "rs_p"], ["function_call", "call_1"], ["function_call", "call_2"], ["function_call_output", "call_1"], ["function_call_output", "call_2"],
    ]);
    expect(body.input[1]).toEqual({ type: "reasoning", id: "rs_p", summary: [], encrypted_content: "gAAAAB-p" });
  });

  it("splits joined summaries and reasoning texts back exactly, and sends them whole when they were edited", () => {
    const body = readFixtureJson(PROVIDER, "composed__openai-raw-reasoning-refusal.1.json") as Body;
    const assistant = decodeOpenAiResponsesResponse(body).message;
    expect(encodeOpenAiResponsesRequest([assistant]).body.input).toEqual(body.output);
    const [reasoning, refusal] = assistant.parts as [Extract<Part, { type: "reasoning" }>, Extract<Part, { type: "text" }>];
    const edited = encodeOpenAiResponsesRequest([{ role: "assistant", parts: [{ ...reasoning, summary: "shorter" }, { ...refusal, text: "No." }] }]).body.input;
    expect(edited[0]).toMatchObject({ summary: [{ type: "summary_text", text: "shorter" }], content: body.output[0]!.content });
    // Kept content that no longer matches the text is not sent: the text goes back as plain output text.
    expect(edited[1]).toMatchObject({ id: "msg_COT1", content: [{ type: "output_text", text: "No.", annotations: [] }] });
  });

  it("sends the first system message as instructions, later ones as developer messages, unless the caller set instructions", () => {
    const history: Message[] = [
      { role: "system", parts: [{ type: "text", text: "Be brief." }, { type: "media", media: { mimeType: "image/png", data: "AA==", dataKind: "bytes" } }] },
      user("q"),
      { role: "system", parts: [{ type: "text", text: "Now in French." }] },
    ];
    const { body, warnings } = encodeOpenAiResponsesRequest(history);
    expect(body.instructions).toBe("Be brief.");
    expect(body.input).toEqual([{ type: "message", role: "user", content: "q" }, { type: "message", role: "developer", content: "Now in French." }]);
    expect(warnings).toEqual([expect.objectContaining({ pointer: "/0/parts/1", message: expect.stringContaining("`instructions` take text only") })]);
    const kept = encodeOpenAiResponsesRequest(history.slice(0, 2), { request: { instructions: "Caller's." } }).body;
    expect(kept.instructions).toBe("Caller's.");
    expect(kept.input[0]).toEqual({ type: "message", role: "developer", content: [{ type: "input_text", text: "Be brief." }, { type: "input_image", image_url: "data:image/png;base64,AA==", detail: "auto" }] });
  });

  it("sends images as input_image and files as input_file, and rejects audio with provider/unsupported-part, when a user attaches media", () => {
    const { body } = encodeOpenAiResponsesRequest([{ role: "user", parts: [
      { type: "text", text: "Compare these." },
      { type: "media", media: { mimeType: "image/jpeg", data: "https://example.com/cat.jpg", dataKind: "url" } },
      { type: "media", media: { mimeType: "application/pdf", name: "report", data: "JVBERi0=", dataKind: "bytes" } },
      { type: "media", media: { mimeType: "text/plain", name: "notes.txt", data: "plain text", dataKind: "string" } },
    ] }]);
    expect(body.input).toEqual([{ type: "message", role: "user", content: [
      { type: "input_text", text: "Compare these." },
      { type: "input_image", image_url: "https://example.com/cat.jpg", detail: "auto" },
      { type: "input_file", filename: "report.pdf", file_data: "data:application/pdf;base64,JVBERi0=" },
      { type: "input_file", filename: "notes.txt", file_data: `data:text/plain;base64,${Buffer.from("plain text").toString("base64")}` },
    ] }]);
    expect(() => encodeOpenAiResponsesRequest([{ role: "user", parts: [{ type: "media", media: { mimeType: "audio/wav", data: "UklGRg==", dataKind: "bytes" } }] }]))
      .toThrow(expect.objectContaining({ name: "UnsupportedPartError", code: "provider/unsupported-part", pointer: "/0/parts/0", provider: "openai.responses" }));
  });

  it("sends function_call_output items, with content parts when results hold images, and Responses items as received, when tools answered", () => {
    const shellOutput = { type: "shell_call_output", call_id: "call_sh", output: [{ stdout: "hi\n", stderr: "", outcome: { type: "exit", exit_code: 0 } }] };
    const { body } = encodeOpenAiResponsesRequest([{ role: "tool", parts: [
      { type: "tool_result", id: "call_1", content: [{ type: "text", text: "timeout" }], isError: true },
      { type: "tool_result", id: "call_2", content: [{ type: "text", text: "chart:" }, { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } }], isError: false },
      { type: "unknown", provider: "openai.responses", kind: "shell_call_output", rawJson: JSON.stringify(shellOutput) },
      { type: "unknown", provider: "anthropic", kind: "web_search_tool_result", rawJson: "{}" },
    ] }]);
    expect(body.input).toEqual([
      { type: "function_call_output", call_id: "call_1", output: "timeout" },
      { type: "function_call_output", call_id: "call_2", output: [{ type: "input_text", text: "chart:" }, { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=", detail: "auto" }] },
      shellOutput,
    ]);
    expect(() => encodeOpenAiResponsesRequest([{ role: "tool", parts: [{ type: "tool_result", content: [], isError: false }] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", message: expect.stringContaining("call_id") }));
  });

  it("never sends another provider's reasoning or payloads, and reports each reasoning part left out, when the history is mixed", () => {
    const google = { provider: "google", kind: "thought_signature", data: "AAAA" };
    const { body, warnings } = encodeOpenAiResponsesRequest({ format: "partwise.history", version: 1, messages: [
      user("q"),
      { role: "assistant", parts: [
        { type: "reasoning", text: "signed elsewhere", payload: { provider: "anthropic", kind: "signature", data: "EqQB" } },
        { type: "reasoning", text: "plain", attributes: { provider: "deepseek" } },
        { type: "text", text: "Let me check.", payload: google },
        { ...call("call_g"), payload: google },
        { type: "media", media: { mimeType: "image/png", data: "AA==", dataKind: "bytes" } },
        { type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson: "{}" },
      ] },
    ] });
    expect(body.input.slice(1)).toEqual([
      { type: "message", role: "assistant", content: "Let me check." },
      { type: "function_call", call_id: "call_g", name: "get_weather", arguments: '{"city":"Paris"}' },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/EqQB|AAAA/);
    expect(warnings.map((warning) => warning.pointer)).toEqual(["/messages/1/parts/0", "/messages/1/parts/1", "/messages/1/parts/4", "/messages/1/parts/5"]);
  });

  it("rejects with provider/unsupported-part when a tool result sits in an assistant message", () => {
    expect(() => encodeOpenAiResponsesRequest([{ role: "assistant", parts: [result("call_1", "x")] }]))
      .toThrow(expect.objectContaining({ code: "provider/unsupported-part", pointer: "/0/parts/0" }));
  });

  it("raises provider/invalid-wire when a kept Responses item is not JSON", () => {
    expect(() => encodeOpenAiResponsesRequest([{ role: "assistant", parts: [{ type: "unknown", provider: "openai.responses", kind: "web_search_call", rawJson: "{oops" }] }]))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/0/parts/0" }));
  });

  it("raises provider/invalid-wire when a kept Responses item has no type", () => {
    expect(() => encodeOpenAiResponsesRequest([{ role: "assistant", parts: [{ type: "unknown", provider: "openai.responses", kind: "web_search_call", rawJson: '{"id":"ws_1"}' }] }]))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/0/parts/0" }));
  });

  it.each(["{namespace", "[]"])("raises provider/invalid-wire naming the payload when item_fields %s is not a JSON object", (data) => {
    const broken: Part = { ...call("call_1"), payload: { provider: "openai.responses", kind: "item_fields", data } };
    expect(() => encodeOpenAiResponsesRequest([{ role: "assistant", parts: [broken] }]))
      .toThrow(expect.objectContaining({ code: "provider/invalid-wire", pointer: "/0/parts/0/payload/data" }));
  });
});
