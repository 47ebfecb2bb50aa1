// The weather scenario `partwise demo` and `partwise chat` run: two tools with fixed answers, asked of each
// provider's reasoning model with the request fields that turn its reasoning on (`ProviderCodec.reasoningRequest`).
import type { ChatTool } from "../chat/chat-client.js";

export const weatherTools: readonly ChatTool[] = [
  {
    name: "get_weather",
    description: "Current weather in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    execute: (input) => `light rain, 7 °C in ${(input as { city?: string }).city ?? "Oslo"}`,
  },
  {
    name: "get_local_time",
    description: "Local time in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    execute: () => "14:05",
  },
];
