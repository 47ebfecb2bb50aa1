// The codecs partwise ships, by provider id: what the CLI, the chat client and the shared provider
// tests iterate over.
import { anthropicCodec } from "./anthropic/index.js";
import { bedrockCodec } from "./bedrock/index.js";
import { openAiResponsesCodec } from "./openai-responses/index.js";
import { googleCodec } from "./google/index.js";
import { openAiChatCodec } from "./openai-chat/index.js";
import { deepSeekCodec } from "./deepseek/index.js";
import { mistralCodec } from "./mistral/index.js";
import { ollamaCodec } from "./ollama/index.js";
import type { ProviderCodec } from "./provider-codec.js";
import { UsageError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";

export const providerCodecs: Readonly<Record<string, ProviderCodec>> = {
  [anthropicCodec.id]: anthropicCodec,
  [mistralCodec.id]: mistralCodec,
  [ollamaCodec.id]: ollamaCodec,
  [bedrockCodec.id]: bedrockCodec,
  [openAiResponsesCodec.id]: openAiResponsesCodec,
  [googleCodec.id]: googleCodec,
  [openAiChatCodec.id]: openAiChatCodec,
  [deepSeekCodec.id]: deepSeekCodec,
};

/** The codec of a provider id, or a usage error listing the known ids. */
export function codecFor(provider: string): ProviderCodec {
  const codec = ownValue(providerCodecs, provider);
  if (!codec) throw new UsageError(`unknown provider "${provider}" (known: ${Object.keys(providerCodecs).sort().join(", ")})`);
  return codec;
}
