// The codecs partwise ships, by provider id: what the CLI, the chat client and the shared provider
// tests iterate over.
import { anthropicCodec } from "./anthropic/index.js";
import type { ProviderCodec } from "./provider-codec.js";
import { UsageError } from "../errors/partwise-error.js";

export const providerCodecs: Readonly<Record<string, ProviderCodec>> = {
  [anthropicCodec.id]: anthropicCodec,
};

/** The codec of a provider id, or a usage error listing the known ids. */
export function codecFor(provider: string): ProviderCodec {
  const codec = providerCodecs[provider];
  if (!codec) throw new UsageError(`unknown provider "${provider}" (known: ${Object.keys(providerCodecs).sort().join(", ")})`);
  return codec;
}
