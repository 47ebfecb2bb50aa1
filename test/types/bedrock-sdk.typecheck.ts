// Type-level checks against the official AWS SDK (`tsc` in npm test): the decoders accept the SDK's
// response and stream event types, partwise's wire blocks for what it replays are the SDK's blocks in
// the JSON API's form (the SDK holds blobs as Uint8Array; the JSON API as base64 text), and the SDK input
// bedrockConverseInput makes of an encoded body is the SDK's ConverseCommandInput with no cast.
import type {
  ContentBlock,
  ConverseCommandInput,
  ConverseCommandOutput,
  ConverseResponse,
  ConverseStreamCommandInput,
  ConverseStreamCommandOutput,
  ConverseStreamOutput,
  DocumentBlock,
  ImageBlock,
  Message,
  ReasoningTextBlock,
  SystemContentBlock,
  ToolResultBlock,
  ToolUseBlock,
} from "@aws-sdk/client-bedrock-runtime";
import type {
  BedrockDocumentBlock,
  BedrockImageBlock,
  BedrockMessage,
  BedrockReasoningTextBlock,
  BedrockSystemContentBlock,
  BedrockTextBlock,
  BedrockToolResultBlock,
  BedrockToolUseBlock,
} from "../../generated/wire/bedrock.js";
import type { History } from "../../generated/types.js";
import {
  bedrockCodec,
  bedrockConverseInput,
  bedrockEventsFromSdk,
  bedrockResponseFromSdk,
  decodeBedrockResponse,
  encodeBedrockRequest,
} from "../../src/providers/bedrock/index.js";
import { decodeEventStream } from "../../src/providers/decode-stream.js";

/** An SDK type in the JSON API's form: blobs are base64 text. */
type JsonForm<T> = T extends Uint8Array ? string : T extends readonly (infer Item)[] ? JsonForm<Item>[] : T extends object ? { [Key in keyof T]: JsonForm<T[Key]> } : T;

export function decodesSdkValues(response: ConverseResponse, event: ConverseStreamOutput) {
  decodeBedrockResponse(response);
  return bedrockCodec.createStreamDecoder().push(bedrockCodec.wireEventFromJson(event, 1));
}

export function replayedBlocksAreSdkBlocks(
  text: BedrockTextBlock,
  reasoning: BedrockReasoningTextBlock,
  redactedContent: string,
  toolUse: BedrockToolUseBlock,
): JsonForm<ContentBlock>[] {
  const reasoningText: ReasoningTextBlock = reasoning;
  const call: ToolUseBlock = { toolUseId: toolUse.toolUseId, name: toolUse.name, input: toolUse.input as ToolUseBlock["input"] };
  return [{ text: text.text }, { reasoningContent: { reasoningText } }, { reasoningContent: { redactedContent } }, { toolUse: call }];
}

export function userBlocksAreSdkBlocks(result: BedrockToolResultBlock, image: BedrockImageBlock, document: BedrockDocumentBlock): JsonForm<ContentBlock>[] {
  const bytes = image.source.bytes ?? "";
  const imageBlock: JsonForm<ImageBlock> = { format: image.format, source: { bytes } };
  const documentBlock: JsonForm<DocumentBlock> = { format: document.format, name: document.name, source: { s3Location: { uri: document.source.s3Location?.uri ?? "" } } };
  const toolResult: JsonForm<ToolResultBlock> = {
    toolUseId: result.toolUseId,
    content: [{ text: "done" }, { image: imageBlock }, { document: documentBlock }],
    ...(result.status === undefined ? {} : { status: result.status }),
  };
  return [{ toolResult }, { image: imageBlock }, { document: documentBlock }];
}

export function messagesAreSdkMessages(message: BedrockMessage, system: BedrockSystemContentBlock): { role: Message["role"]; system: SystemContentBlock } {
  return { role: message.role, system: { text: system.text ?? "" } };
}

const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";

export function encodedBodiesAreSdkInputs(history: History): ConverseCommandInput[] {
  const encoded = bedrockCodec.encodeRequest(history, {
    request: {
      modelId: MODEL,
      inferenceConfig: { maxTokens: 2048, temperature: 0.2, stopSequences: ["END"] },
      additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
      toolConfig: { tools: [{ toolSpec: { name: "get_weather", inputSchema: { json: { type: "object" } } } }, { cachePoint: { type: "default" } }], toolChoice: { tool: { name: "get_weather" } } },
      performanceConfig: { latency: "optimized" },
      serviceTier: { type: "flex" },
      requestMetadata: { tenant: "oslo" },
      aNewApiParameter: { enabled: true },
    },
  });
  const input: ConverseCommandInput = bedrockConverseInput(encoded.body, MODEL);
  const streamInput: ConverseStreamCommandInput = bedrockConverseInput(encodeBedrockRequest(history, { request: { inferenceConfig: { maxTokens: 512 } } }).body, MODEL);
  const withoutFields: ConverseCommandInput = bedrockConverseInput(encodeBedrockRequest(history).body, MODEL);
  // @ts-expect-error a tool configuration needs its tools
  bedrockCodec.encodeRequest(history, { request: { toolConfig: { toolChoice: { auto: {} } } } });
  // @ts-expect-error a tool needs its input schema
  encodeBedrockRequest(history, { request: { toolConfig: { tools: [{ toolSpec: { name: "get_weather" } }] } } });
  // @ts-expect-error the SDK input needs the model, which goes in the path
  bedrockConverseInput(encoded.body);
  return [input, streamInput, withoutFields];
}

export async function decodesSdkOutputs(response: ConverseCommandOutput, stream: ConverseStreamCommandOutput) {
  decodeBedrockResponse(bedrockResponseFromSdk(response));
  return decodeEventStream(bedrockCodec, bedrockEventsFromSdk(stream.stream ?? []));
}
