// A consumer of the packed package with the openai SDK's Chat Completions: the encoded body is the SDK's
// request params with no cast (blocking and streaming, every server profile), `model` is required, and the
// SDK's results and parsed stream decode as they are. Type-checked by test/package/consumer-types.test.ts.
import OpenAI from "openai";
import { type Message, createOpenAiChatCodec, decodeEventStream, encodeOpenAiChatRequest, openAiChatCodec } from "partwise";

const client = new OpenAI({ apiKey: "sk-consumer" });
const history: Message[] = [{ role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] }];

export async function blockingTurn(): Promise<Message> {
  const { body } = openAiChatCodec.encodeRequest(history, {
    request: { model: "gpt-4.1", reasoning_effort: "low", tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object" } } }], tool_choice: "auto" },
  });
  const params: OpenAI.ChatCompletionCreateParamsNonStreaming = body;
  const completion: OpenAI.ChatCompletion = await client.chat.completions.create(params);
  return openAiChatCodec.decodeResponse(completion).message;
}

export async function streamedTurn(): Promise<Message | undefined> {
  const params: OpenAI.ChatCompletionCreateParamsStreaming = encodeOpenAiChatRequest(history, { request: { model: "gpt-4.1", stream: true } }).body;
  const [response] = await decodeEventStream(openAiChatCodec, await client.chat.completions.create(params));
  return response?.message;
}

/** SDK-typed params without `messages` go in as they are, for a server profile's codec too. */
export function fromSdkParams(sdkParams: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, "messages">): OpenAI.ChatCompletionCreateParamsNonStreaming[] {
  return [openAiChatCodec.encodeRequest(history, { request: sdkParams }).body, createOpenAiChatCodec("openrouter").encodeRequest(history, { request: sdkParams }).body];
}

// @ts-expect-error `model` is required
encodeOpenAiChatRequest(history, { request: { temperature: 0 } });
