// Parts of every kind the content rules tell apart, and histories holding one in a given place: what the
// content-rule tests probe the encoders and the simulators with.
import type { ContentPlace, Message, Part } from "../../generated/types.js";

export const CONTENT_PLACES: readonly ContentPlace[] = ["user", "system", "tool_result"];

const MEDIA_TYPES = [
  "image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/tiff", "application/pdf", "text/plain", "text/csv",
  "text/markdown", "text/html", "application/json", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/zip", "audio/wav", "audio/x-wav", "audio/mpeg", "audio/mp3", "audio/ogg", "video/mp4",
] as const;

const MEDIA_DATA = [
  { dataKind: "bytes", data: "aGVsbG8=" },
  { dataKind: "url", data: "https://example.com/file" },
  { dataKind: "url", data: "s3://bucket/key" },
  { dataKind: "string", data: "hello" },
] as const;

/** A part of every kind the rules tell apart: each part type, unknown blocks of the target and of another provider, and media of each type and data kind. */
export function sampleParts(provider: string): Part[] {
  const other = provider === "anthropic" ? "google" : "anthropic";
  const rawJson = JSON.stringify({ type: "custom_tool_call_output", call_id: "call_raw", output: "ok" });
  return [
    { type: "text", text: "hello" },
    { type: "reasoning", text: "thinking" },
    { type: "tool_call", toolCall: { id: "call_inner", type: "function", name: "lookup", arguments: "{}" } },
    { type: "tool_result", id: "call_inner", name: "lookup", content: [{ type: "text", text: "inner" }], isError: false },
    { type: "unknown", provider, kind: "custom_tool_call_output", rawJson },
    { type: "unknown", provider: other, kind: "custom_tool_call_output", rawJson },
    ...MEDIA_TYPES.flatMap((mimeType) => MEDIA_DATA.map(({ dataKind, data }): Part => ({ type: "media", media: { mimeType, dataKind, data, name: "file" } }))),
  ];
}

/** A history holding `part` in `place`, and the part's pointer in it. */
export function historyWith(part: Part, place: ContentPlace): { messages: Message[]; pointer: string } {
  const question: Message = { role: "user", parts: [{ type: "text", text: "question" }] };
  switch (place) {
    case "user":
      return { messages: [{ role: "user", parts: [part] }], pointer: "/0/parts/0" };
    case "system":
      return { messages: [{ role: "system", parts: [part] }, question], pointer: "/0/parts/0" };
    case "tool_result":
      return { messages: [{ role: "user", parts: [{ type: "tool_result", id: "call_1", name: "lookup", content: [part], isError: false }] }], pointer: "/0/parts/0/content/0" };
  }
}

