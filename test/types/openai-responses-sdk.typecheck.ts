// Type-level checks against the official openai SDK (`tsc` in npm test): what the SDK types say the API
// returns fits every field of the wire models the decoders validate, and the encoder's body is the SDK's
// request params.
import type OpenAI from "openai";
import type { Stream } from "openai/streaming";
import type {
  OpenAiResponsesArgumentsDeltaEvent,
  OpenAiResponsesContentDeltaEvent,
  OpenAiResponsesFunctionCallItem,
  OpenAiResponsesFunctionCallOutputItem,
  OpenAiResponsesImageGenerationCallItem,
  OpenAiResponsesInputMessage,
  OpenAiResponsesMessageItem,
  OpenAiResponsesOutputItemEvent,
  OpenAiResponsesReasoningItem,
  OpenAiResponsesResponse,
  OpenAiResponsesResponseEvent,
  OpenAiResponsesSummaryEvent,
} from "../../generated/wire/openai.responses.js";
import type { History } from "../../generated/types.js";
import { decodeEventStream } from "../../src/providers/decode-stream.js";
import { decodeOpenAiResponsesResponse, encodeOpenAiResponsesRequest, openAiResponsesCodec } from "../../src/providers/openai-responses/index.js";

/** A wire model's declared fields, at every depth, without the index signatures that keep it open to fields it does not model. */
type Declared<T> = T extends readonly (infer Element)[]
  ? Declared<Element>[]
  : T extends object ? { [K in keyof T as string extends K ? never : K]: Declared<T[K]> } : T;

export function sdkResponsesFitTheWireModels(
  response: OpenAI.Responses.Response,
  reasoning: OpenAI.Responses.ResponseReasoningItem,
  message: OpenAI.Responses.ResponseOutputMessage,
  functionCall: OpenAI.Responses.ResponseFunctionToolCall,
  image: OpenAI.Responses.ResponseOutputItem.ImageGenerationCall,
) {
  const { output: _output, ...facts } = response;
  const responseFacts: Declared<Omit<OpenAiResponsesResponse, "output">> = facts;
  const reasoningItem: Declared<OpenAiResponsesReasoningItem> = reasoning;
  const messageItem: Declared<OpenAiResponsesMessageItem> = message;
  const functionCallItem: Declared<OpenAiResponsesFunctionCallItem> = functionCall;
  const imageItem: Declared<OpenAiResponsesImageGenerationCallItem> = image;
  decodeOpenAiResponsesResponse(response);
  return [responseFacts, reasoningItem, messageItem, functionCallItem, imageItem];
}

export function sdkStreamEventsFitTheWireModels(
  added: OpenAI.Responses.ResponseOutputItemAddedEvent,
  done: OpenAI.Responses.ResponseOutputItemDoneEvent,
  textDelta: OpenAI.Responses.ResponseTextDeltaEvent,
  reasoningTextDelta: OpenAI.Responses.ResponseReasoningTextDeltaEvent,
  summaryDelta: OpenAI.Responses.ResponseReasoningSummaryTextDeltaEvent,
  summaryPart: OpenAI.Responses.ResponseReasoningSummaryPartAddedEvent,
  argumentsDelta: OpenAI.Responses.ResponseFunctionCallArgumentsDeltaEvent,
  completed: OpenAI.Responses.ResponseCompletedEvent,
) {
  const itemEvents: Omit<OpenAiResponsesOutputItemEvent, "item">[] = [added, done];
  const contentDeltas: OpenAiResponsesContentDeltaEvent[] = [textDelta, reasoningTextDelta];
  const summaryEvents: Declared<OpenAiResponsesSummaryEvent>[] = [summaryDelta, summaryPart];
  const argumentsDeltaEvent: OpenAiResponsesArgumentsDeltaEvent = argumentsDelta;
  const { response: _response, ...terminal } = completed;
  const terminalEvent: Omit<OpenAiResponsesResponseEvent, "response"> = terminal;
  const decoder = openAiResponsesCodec.createStreamDecoder();
  return [itemEvents, contentDeltas, summaryEvents, argumentsDeltaEvent, terminalEvent, decoder.push({ data: completed })];
}

/** The input messages and function outputs the encoder writes are SDK input items (`phase` goes back as received). */
export function encodedInputIsSdkInput(message: OpenAiResponsesInputMessage, output: OpenAiResponsesFunctionCallOutputItem): OpenAI.Responses.ResponseInputItem[] {
  const { phase: _phase, ...easy } = message;
  const easyMessage: OpenAI.Responses.EasyInputMessage = easy;
  const functionCallOutput: OpenAI.Responses.ResponseInputItem.FunctionCallOutput = output;
  return [easyMessage, functionCallOutput];
}

/**
 * The encoded body is the SDK's request params with no cast, blocking and streaming: the request fields
 * typed as the SDK types them (an SDK params value as is, a literal keeps its tags), `include` the SDK's
 * `ResponseIncludable[]`, and the input assignable to the SDK's `ResponseInput` (items replayed as received
 * are `any`, the server's own shape; the messages and outputs partwise builds are checked above).
 */
export function encodedBodyIsSdkParams(history: History, sdkParams: Omit<OpenAI.Responses.ResponseCreateParamsNonStreaming, "input">) {
  const blocking: OpenAI.Responses.ResponseCreateParamsNonStreaming = openAiResponsesCodec.encodeRequest(history, {
    request: {
      model: "gpt-5",
      reasoning: { effort: "medium", summary: "auto" },
      include: ["message.output_text.logprobs"],
      tools: [{ type: "function", name: "get_weather", parameters: { type: "object" }, strict: true }, { type: "web_search" }],
      tool_choice: { type: "function", name: "get_weather" },
    },
  }).body;
  const streaming: OpenAI.Responses.ResponseCreateParamsStreaming = encodeOpenAiResponsesRequest(history, { request: { model: "gpt-5", stream: true } }).body;
  const fromSdkParams: OpenAI.Responses.ResponseCreateParamsNonStreaming = encodeOpenAiResponsesRequest(history, { request: sdkParams }).body;
  const withoutFields: Pick<OpenAI.Responses.ResponseCreateParamsNonStreaming, "input" | "store" | "include" | "instructions"> = encodeOpenAiResponsesRequest(history).body;
  // A new API parameter passes through as given.
  const newParameter = encodeOpenAiResponsesRequest(history, { request: { model: "gpt-5", next_parameter: 1 } }).body.next_parameter;
  // @ts-expect-error `include` takes only what the SDK's ResponseIncludable names
  encodeOpenAiResponsesRequest(history, { request: { include: ["reasoning.everything"] } });
  return [blocking, streaming, fromSdkParams, withoutFields, newParameter];
}

/** The SDK's parsed stream (its Stream of ResponseStreamEvent) decodes as it is. */
export function decodesSdkStream(stream: Stream<OpenAI.Responses.ResponseStreamEvent>) {
  return decodeEventStream(openAiResponsesCodec, stream);
}
