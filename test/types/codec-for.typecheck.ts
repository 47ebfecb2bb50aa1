// Type-level checks of codecFor (`tsc` in npm test): a literal built-in id gives that codec's own type, so
// its encoded body is the SDK's request type with no cast; a union of ids gives the untyped codec.
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { codecFor, type Message, type ProviderCodec, type ProviderId } from "../../src/index.js";

export function literalIdsAreTyped(history: readonly Message[]): [Anthropic.MessageCreateParamsNonStreaming, OpenAI.Responses.ResponseCreateParamsStreaming] {
  const anthropic = codecFor("anthropic").encodeRequest(history, { request: { model: "claude-sonnet-4-5", max_tokens: 1024 } }).body;
  const responses = codecFor("openai.responses", { profile: "openai" }).encodeRequest(history, { request: { model: "gpt-5", stream: true } }).body;
  // @ts-expect-error max_tokens is required by the Anthropic request fields.
  codecFor("anthropic").encodeRequest(history, { request: { model: "claude-sonnet-4-5" } });
  return [anthropic, responses];
}

export function unionIdsAreUntyped(history: readonly Message[], id: ProviderId): Record<string, unknown> {
  const codec: ProviderCodec = codecFor(id);
  return codec.encodeRequest(history, { request: { model: "m" } }).body;
}
