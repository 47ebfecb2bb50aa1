// partwise messages to and from LangChain.js message instances (AIMessage, HumanMessage, ToolMessage,
// SystemMessage of @langchain/core, the optional peer of this subpath), built on the stored-message JSON
// (docs/convert-langchain.md).
import type * as LangChainMessages from "@langchain/core/messages";
import type { BaseMessage } from "@langchain/core/messages";
import type { LangChainStoredMessage, LangChainStoredMessageData } from "../../../generated/formats/langchain.js";
import { validateLangChainStoredMessageData } from "../../../generated/formats/langchain-validators.js";
import type { History, Message } from "../../../generated/types.js";
import { InternalError, MissingDependencyError } from "../../errors/partwise-error.js";
import { setOwnValue } from "../../json/own-property.js";
import { checkFormat, invalidConversionInput, type Converted } from "../conversion.js";
import { readStoredMessages } from "./from-stored-messages.js";
import { LANGCHAIN, MODEL_PROVIDERS } from "./langchain-vocabulary.js";
import { toStoredMessages } from "./to-stored-messages.js";

// Loaded once with the subpath (a top-level await, so this stays Web APIs only), so that the stored-message
// functions of partwise/langchain work where @langchain/core is not installed.
const peer: { readonly core?: typeof LangChainMessages; readonly error?: unknown } = await import("@langchain/core/messages").then(
  (core) => ({ core }),
  (error: unknown) => ({ error }),
);

function langChainCore(): typeof LangChainMessages {
  if (peer.core !== undefined) return peer.core;
  throw new MissingDependencyError("setup/missing-dependency", "toLangChainMessages needs the package @langchain/core, which is not installed or does not load: run npm install @langchain/core", {
    details: { package: "@langchain/core", feature: "LangChain message instances" },
    cause: peer.error,
  });
}

/** The instance of a stored message the writer made (as `mapStoredMessagesToChatMessages` builds it, which types content as a string only). */
function instanceOf(message: LangChainStoredMessage): BaseMessage {
  const { AIMessage, HumanMessage, SystemMessage, ToolMessage } = langChainCore();
  const { content, additional_kwargs = {}, response_metadata = {} } = message.data;
  const common = { content, additional_kwargs, response_metadata };
  switch (message.type) {
    case "human":
      return new HumanMessage(common);
    case "ai":
      return new AIMessage({ ...common, tool_calls: message.data.tool_calls ?? [], invalid_tool_calls: message.data.invalid_tool_calls ?? [] });
    case "system":
      return new SystemMessage(common);
    case "tool": {
      const { tool_call_id = "", name, status } = message.data;
      return new ToolMessage({ ...common, tool_call_id, ...(name === undefined ? {} : { name }), ...(status === undefined ? {} : { status }) });
    }
    default:
      throw new InternalError("internal/unreachable", `the LangChain writer made a ${message.type} message`, { details: { type: message.type } });
  }
}

/**
 * partwise messages (a history or its messages) as LangChain message instances that ChatAnthropic and
 * ChatOpenAI (Responses API) send back with every signature, redacted thinking, encrypted reasoning and
 * server-tool block in order. Pieces without a place are warnings with their pointer into the input.
 */
export function toLangChainMessages(input: History | readonly Message[]): Converted<BaseMessage> {
  const { messages, warnings } = toStoredMessages(input);
  return { messages: messages.map(instanceOf), warnings };
}

/** An OpenAI Responses reply as @langchain/openai keeps it (v0: raw items in response_metadata.output) is read through its contentBlocks view, which carries each reasoning item's id and encrypted_content in order. */
function readsThroughContentBlocks(message: BaseMessage, data: LangChainStoredMessageData): boolean {
  return message.getType() === "ai" && data.response_metadata?.model_provider === MODEL_PROVIDERS["openai.responses"] && data.response_metadata?.output_version !== "v1";
}

/**
 * The output items of an OpenAI Responses reply (kept by @langchain/openai in response_metadata.output, blocking
 * and streamed) as standard blocks: reasoning with id, summary parts and encrypted_content, text, tool calls,
 * and every other item as received in a non_standard block, which @langchain/openai replays verbatim.
 */
function outputBlocks(output: readonly unknown[]): unknown[] {
  return output.flatMap((item): unknown[] => {
    if (typeof item !== "object" || item === null) return [item];
    const fields = item as Record<string, unknown>;
    switch (fields.type) {
      case "reasoning": {
        const summary = Array.isArray(fields.summary) ? (fields.summary as { text?: unknown }[]) : [];
        return [{
          type: "reasoning",
          reasoning: summary.map((each) => each.text).filter((text) => typeof text === "string").join(""),
          summary,
          ...(typeof fields.id === "string" ? { id: fields.id } : {}),
          ...(typeof fields.encrypted_content === "string" ? { encrypted_content: fields.encrypted_content } : {}),
        }];
      }
      case "message":
        return (Array.isArray(fields.content) ? (fields.content as Record<string, unknown>[]) : []).map((content) => (content.type === "output_text" ? { type: "text", text: content.text } : { type: "non_standard", value: content }));
      case "function_call":
        return [{ type: "tool_call", id: fields.call_id, name: fields.name, args: parsedArguments(fields.arguments) }];
      default:
        return [{ type: "non_standard", value: item }];
    }
  });
}

function parsedArguments(text: unknown): unknown {
  try {
    return typeof text === "string" ? JSON.parse(text) : text;
  } catch {
    return text;
  }
}

/** The marker @langchain/core's toJSON wraps a user object in when it has an `lc` key (core 1.1 and later). */
const ESCAPED = "__lc_escaped__";
let coreEscapes: boolean | undefined;

/** Whether the installed @langchain/core escapes user objects in toDict, asked once with a probe message (the ^1 peer range spans cores that do and cores that do not). */
function toDictEscapes(): boolean {
  if (coreEscapes === undefined) {
    const probe = new (langChainCore().SystemMessage)({ content: "", additional_kwargs: { probe: { lc: 0 } } }).toDict() as { data: { additional_kwargs?: { probe?: object } } };
    coreEscapes = Object.hasOwn(probe.data.additional_kwargs?.probe ?? {}, ESCAPED);
  }
  return coreEscapes;
}

/** A value toDict wrote, with its escape wrappers taken off (their contents are user data, kept as they are). */
function unescaped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unescaped);
  if (typeof value !== "object" || value === null) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === ESCAPED) return (value as Record<string, unknown>)[ESCAPED];
  const result: Record<string, unknown> = {};
  for (const key of keys) setOwnValue(result, key, unescaped((value as Record<string, unknown>)[key]));
  return result;
}

/**
 * The stored form of one instance: toDict's fields, each with the value the instance holds. toDict (core
 * 1.1 and later) rebuilds every user object by assignment, wrapping one with an `lc` key as
 * `{ "__lc_escaped__": … }` and losing a member named `__proto__` (escapeIfNeeded in
 * @langchain/core/dist/load/validation.js); toJSON reads each field from the instance, so the instance's
 * own value is what toDict would give without that rebuild.
 */
function instanceData(message: BaseMessage): { type: LangChainStoredMessage["type"]; data: Record<string, unknown> } {
  const dict = message.toDict() as unknown as { type: LangChainStoredMessage["type"]; data: Record<string, unknown> };
  const escapes = toDictEscapes();
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(dict.data)) {
    const own = key in message ? (message as unknown as Record<string, unknown>)[key] : undefined;
    setOwnValue(data, key, own !== undefined ? own : escapes ? unescaped(dict.data[key]) : dict.data[key]);
  }
  return { type: dict.type, data };
}

/** The stored form of one instance, with the content an OpenAI v0 reply holds in its contentBlocks view. */
function storedOf(message: BaseMessage, index: number): LangChainStoredMessage {
  if (typeof message?.toDict !== "function") throw invalidConversionInput({ format: LANGCHAIN, pointer: `/${index}` }, "expected a LangChain message instance (BaseMessage)");
  const { type, data } = instanceData(message);
  const checked = checkFormat<LangChainStoredMessageData>(validateLangChainStoredMessageData, data, { format: LANGCHAIN, pointer: `/${index}` });
  if (!readsThroughContentBlocks(message, checked)) return { type, data: checked };
  const output = checked.response_metadata?.output;
  const content = Array.isArray(output) ? outputBlocks(output) : message.contentBlocks;
  const view = { ...checked, content, response_metadata: { ...checked.response_metadata, output_version: "v1" } };
  return { type, data: checkFormat<LangChainStoredMessageData>(validateLangChainStoredMessageData, view, { format: LANGCHAIN, pointer: `/${index}` }) };
}

/**
 * LangChain message instances (including an AIMessageChunk of a stream) as partwise messages, reading the
 * provider-native content blocks and the standard contentBlocks view. Pointers name the instance fields
 * (`/2/content/0`); for an OpenAI v0 reply, `content` stands for its contentBlocks view.
 */
export function fromLangChainMessages(messages: readonly BaseMessage[]): Converted<Message> {
  if (!Array.isArray(messages)) throw invalidConversionInput({ format: LANGCHAIN, pointer: "" }, "expected an array of LangChain messages");
  return readStoredMessages(messages.map(storedOf), (index) => `/${index}`);
}
