// The Gemini part union of spec/providers/google.tsp (tagged by which data field a part has), enforced by
// the generated validators in both decoders: a malformed known field is provider/invalid-wire at its
// pointer (and byte position in a stream); a part with no known field stays an unknown part, as received.
import { describe, expect, it } from "vitest";
import { decodeGoogleResponse, googleCodec } from "../../../src/providers/google/index.js";
import { decodeByteChunks, serverSentEventBytes } from "../support/provider-fixtures.js";

const response = (parts: unknown[], finishReason?: string) => ({
  candidates: [{ content: { role: "model", parts }, ...(finishReason === undefined ? {} : { finishReason }), index: 0 }],
  responseId: "resp_u",
  modelVersion: "gemini-test",
});
const PARTS = "/candidates/0/content/parts";

const malformed: [string, unknown, string][] = [
  ["a text that is a number", { text: 42 }, `${PARTS}/0/text`],
  ["a thought whose text is missing", { thought: true, thoughtSignature: "c2ln", text: null }, `${PARTS}/0/text`],
  ["a signature that is not a string", { text: "hi", thoughtSignature: 5 }, `${PARTS}/0/thoughtSignature`],
  ["a functionCall whose name is a number", { functionCall: { name: 5, args: {} } }, `${PARTS}/0/functionCall/name`],
  ["a functionCall whose args are an array", { functionCall: { name: "f", args: [1] } }, `${PARTS}/0/functionCall/args`],
  ["an inlineData without its data", { inlineData: { mimeType: "image/png" } }, `${PARTS}/0/inlineData`],
  ["a fileData without its fileUri", { fileData: { mimeType: "application/pdf" } }, `${PARTS}/0/fileData`],
  ["an executableCode that is a string", { executableCode: "print(1)" }, `${PARTS}/0/executableCode`],
];

describe("decodeGoogleResponse", () => {
  it.each(malformed)("raises provider/invalid-wire at the pointer when given %s", (_, part, pointer) => {
    expect(() => decodeGoogleResponse(response([part], "STOP"))).toThrow(expect.objectContaining({ code: "provider/invalid-wire", provider: "google", pointer }));
  });

  it("keeps a part with no known data field as an unknown part holding it byte for byte, its signature as payload", () => {
    const parts = [{ videoMetadata: { startOffset: "1s" } }, { hologram: { beams: [1, null] }, thoughtSignature: "c2ln" }];
    const { message } = decodeGoogleResponse(response(parts, "STOP"));
    expect(message.parts).toEqual([
      { type: "unknown", provider: "google", kind: "videoMetadata", rawJson: JSON.stringify(parts[0]), attributes: { provider: "google", endpoint: "gemini-api" } },
      { type: "unknown", provider: "google", kind: "hologram", rawJson: JSON.stringify(parts[1]), payload: { provider: "google", kind: "thought_signature", data: "c2ln" }, attributes: { provider: "google", endpoint: "gemini-api" } },
    ]);
  });
});

describe("GoogleStreamDecoder", () => {
  it.each(malformed)("raises provider/invalid-wire at the pointer and byte position when given %s", async (_, part, pointer) => {
    const chunks = [response([{ text: "Hello" }]), response([part]), response([{ text: "." }], "STOP")];
    const position = serverSentEventBytes(chunks.slice(0, 1)).length;
    await expect(decodeByteChunks(googleCodec, [serverSentEventBytes(chunks)])).rejects.toMatchObject({ code: "provider/invalid-wire", provider: "google", pointer, position });
  });

  it("keeps a part with no known data field as the unknown part the blocking decoder gives", async () => {
    const part = { hologram: { beams: [1] }, thoughtSignature: "c2ln" };
    const [streamed] = await decodeByteChunks(googleCodec, [serverSentEventBytes([response([{ text: "Hi" }]), response([part], "STOP")])]);
    expect(streamed?.message.parts).toEqual(decodeGoogleResponse(response([{ text: "Hi" }, part], "STOP")).message.parts);
  });
});
