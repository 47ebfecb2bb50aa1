// A consumer of the packed package with the openai SDK's Responses API: the encoded body is the SDK's
// request params with no cast (blocking and streaming), the SDK's results and parsed stream decode as
// they are. Type-checked in a fresh project by test/package/consumer-types.test.ts.
import OpenAI from "openai";
import { type Message, createOpenAiResponsesCodec, decodeEventStream, encodeOpenAiResponsesRequest, openAiResponsesCodec } from "partwise";

const client = new OpenAI({ apiKey: "sk-consumer" });
const history: Message[] = [{ role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] }];

export async function blockingTurn(): Promise<Message> {
  const { body } = openAiResponsesCodec.encodeRequest(history, {
    request: { model: "gpt-5", reasoning: { effort: "medium", summary: "auto" }, include: ["message.output_text.logprobs"], tools: [{ type: "web_search" }] },
  });
  const params: OpenAI.Responses.ResponseCreateParamsNonStreaming = body;
  const response: OpenAI.Responses.Response = await client.responses.create(params);
  return openAiResponsesCodec.decodeResponse(response).message;
}

export async function streamedTurn(): Promise<Message | undefined> {
  const params: OpenAI.Responses.ResponseCreateParamsStreaming = encodeOpenAiResponsesRequest(history, { request: { model: "gpt-5", stream: true } }).body;
  const [response] = await decodeEventStream(openAiResponsesCodec, await client.responses.create(params));
  return response?.message;
}

/** SDK-typed params without `input` go in as they are; a compatible server's profile codec is typed the same. */
export function fromSdkParams(sdkParams: Omit<OpenAI.Responses.ResponseCreateParamsNonStreaming, "input">): OpenAI.Responses.ResponseCreateParamsNonStreaming[] {
  return [openAiResponsesCodec.encodeRequest(history, { request: sdkParams }).body, createOpenAiResponsesCodec("deepseek").encodeRequest(history, { request: sdkParams }).body];
}

// @ts-expect-error `include` takes only what the SDK's ResponseIncludable names
encodeOpenAiResponsesRequest(history, { request: { model: "gpt-5", include: ["reasoning.everything"] } });
