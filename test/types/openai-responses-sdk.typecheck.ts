// Type-level checks against the official openai SDK (`tsc` in npm test): what the SDK types say the API
// returns fits every field of the wire models the decoders validate, and what the encoder writes for the
// input is what the SDK sends.
import type OpenAI from "openai";
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

/** The request body's own fields are the SDK's stateless request fields. */
export function encodedRequestIsSdkRequest(): Pick<OpenAI.Responses.ResponseCreateParamsNonStreaming, "store" | "include" | "instructions"> {
  const { store, include, instructions } = encodeOpenAiResponsesRequest([]).body;
  return { store, include: include as OpenAI.Responses.ResponseIncludable[], ...(instructions === undefined ? {} : { instructions }) };
}
