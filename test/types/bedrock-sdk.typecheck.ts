// Type-level checks against the official AWS SDK (`tsc` in npm test): the decoders accept the SDK's
// response and stream event types, and partwise's wire blocks for what it replays are the SDK's blocks in
// the JSON API's form (the SDK holds blobs as Uint8Array; the JSON API as base64 text).
import type {
  ContentBlock,
  ConverseResponse,
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
import { bedrockCodec, decodeBedrockResponse } from "../../src/providers/bedrock/index.js";

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
