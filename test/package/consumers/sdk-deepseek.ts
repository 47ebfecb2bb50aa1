// A consumer of the packed package with the openai SDK pointed at DeepSeek: the encoded body (assistant
// turns carrying `reasoning_content`, which the SDK's types lack) is the SDK's request params with no cast,
// `model` is required, and the SDK's results and parsed stream decode as they are.
// Type-checked by test/package/consumer-types.test.ts.
import OpenAI from "openai";
import { type Message, decodeEventStream, deepSeekCodec, encodeDeepSeekRequest } from "partwise";

const client = new OpenAI({ apiKey: "sk-consumer", baseURL: "https://api.deepseek.com" });
const history: Message[] = [{ role: "user", parts: [{ type: "text", text: "Roll a die." }] }];

export async function blockingTurn(): Promise<Message> {
  const params: OpenAI.ChatCompletionCreateParamsNonStreaming = deepSeekCodec.encodeRequest(history, { request: { model: "deepseek-v4-pro", thinking: { type: "enabled" }, reasoning_effort: "high" } }).body;
  return deepSeekCodec.decodeResponse(await client.chat.completions.create(params)).message;
}

export async function streamedTurn(): Promise<Message | undefined> {
  const params: OpenAI.ChatCompletionCreateParamsStreaming = encodeDeepSeekRequest(history, { request: { model: "deepseek-v4-flash", stream: true } }).body;
  const [response] = await decodeEventStream(deepSeekCodec, await client.chat.completions.create(params));
  return response?.message;
}

// @ts-expect-error `model` is required
encodeDeepSeekRequest(history, { request: { thinking: { type: "enabled" } } });
