// Deterministic bench histories: a tool-using conversation with every part kind (signed reasoning,
// text, tool calls and results, media, unknown blocks), and its equivalent as Vercel AI SDK UI messages.
import type { History, Message } from "../generated/types.js";

/** A small deterministic PRNG (mulberry32), so every run builds the same inputs. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), state | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = "rain oslo weather forecast wind tool result reasoning model answer check data bergen tromsø".split(" ");

/** A history of about `messages` messages, ~5 parts each on average, every part kind present. */
export function benchHistory(messages: number, seed = 7): History {
  const next = random(seed);
  const words = (count: number) => Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ");
  const signature = () => Buffer.from(Array.from({ length: 96 }, () => Math.floor(next() * 256))).toString("base64");
  const history: Message[] = [];
  for (let turn = 0; history.length < messages; turn++) {
    const callId = `toolu_${turn.toString(36).padStart(8, "0")}`;
    history.push({ role: "user", parts: [{ type: "text", text: words(12) }, { type: "media", media: { mimeType: "image/png", data: signature(), dataKind: "bytes" } }] });
    history.push({
      role: "assistant",
      parts: [
        { type: "reasoning", text: words(40), payload: { provider: "anthropic", kind: "signature", data: signature() } },
        { type: "text", text: words(10) },
        { type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson: JSON.stringify({ type: "server_tool_use", id: `srvtoolu_${turn}`, name: "web_search", input: { query: words(3) } }) },
        { type: "tool_call", toolCall: { id: callId, type: "function", name: "get_weather", arguments: JSON.stringify({ city: words(1) }) } },
      ],
    });
    history.push({ role: "tool", parts: [{ type: "tool_result", id: callId, name: "get_weather", content: [{ type: "text", text: words(8) }], isError: false }] });
    history.push({ role: "assistant", parts: [{ type: "reasoning", text: words(20), payload: { provider: "anthropic", kind: "signature", data: signature() } }, { type: "text", text: words(25) }] });
  }
  return { format: "partwise.history", version: 1, messages: history.slice(0, messages) };
}

/** The same conversation as AI SDK UI messages (tool results ride on the tool part, as the AI SDK keeps them). */
export function uiMessagesOf(history: History): unknown[] {
  const messages: { id: string; role: string; parts: Record<string, unknown>[] }[] = [];
  history.messages.forEach((message, index) => {
    if (message.role === "tool") {
      const previous = messages.at(-1);
      for (const part of message.parts) {
        if (part.type !== "tool_result") continue;
        const tool = previous?.parts.find((candidate) => candidate.toolCallId === part.id);
        if (tool) Object.assign(tool, { state: "output-available", output: part.content.map((content) => (content.type === "text" ? content.text : "")).join("") });
      }
      return;
    }
    const parts = message.parts.map((part): Record<string, unknown> => {
      switch (part.type) {
        case "text":
          return { type: "text", text: part.text };
        case "reasoning":
          return { type: "reasoning", text: part.text ?? "", providerMetadata: { anthropic: { signature: part.payload?.data ?? "" } } };
        case "tool_call":
          return { type: `tool-${part.toolCall.name}`, toolCallId: part.toolCall.id, state: "input-available", input: JSON.parse(part.toolCall.arguments) };
        case "media":
          return { type: "file", mediaType: part.media.mimeType, url: `data:${part.media.mimeType};base64,${part.media.data}` };
        default:
          return { type: "data-block", data: part };
      }
    });
    messages.push({ id: `m${index}`, role: message.role, parts });
  });
  return messages;
}
