// The OpenAI-compatible servers as data: which field carries reasoning, how usage counts it, and which
// replay-rule variant of spec/providers/openai-chat.tsp applies (the variant's reasons cite each server's
// docs). Compatible servers are profiles of one codec, not copies of it.
import {
  validateOpenAiChatCompletion,
  validateOpenAiChatCompletionChunk,
  validateOpenAiChatErrorBody,
  validateOpenAiChatToolCall,
} from "../../../generated/wire/openai.chat-validators.js";
import { ownValue } from "../../json/own-property.js";
import { invalidEncodeOption } from "../replay-rules.js";
import { openAiChatErrors } from "./openai-chat-errors.js";
import { type ChatCompletionsServer, OPENAI_CHAT, type ReasoningField, type StreamIds } from "./openai-chat-wire.js";

export interface OpenAiChatProfile {
  /** Names the server: the `attributes.profile` of the parts it produced; payloads go back only to it. */
  readonly id: string;
  /** The replay-rule variant (`default` is OpenAI's). */
  readonly variant: string;
  /** The field the server puts reasoning in, in responses and deltas, and takes it back in. */
  readonly reasoningField: ReasoningField;
  /** False where `completion_tokens` leaves reasoning tokens out. */
  readonly completionTokensIncludeReasoning: boolean;
  /** How the server's stream chunk ids behave: one per response, or a new one on every chunk. */
  readonly streamIds: StreamIds;
  /** Settings the variant's rules test with `when` (the custom profile's `replayReasoning`). */
  readonly flags: readonly string[];
}

/** What sets a server apart beyond its reasoning field; each defaults to what OpenAI does. */
interface ServerFacts {
  readonly completionTokensIncludeReasoning?: boolean;
  readonly streamIds?: StreamIds;
}

function profile(id: string, variant: string, reasoningField: ReasoningField, facts: ServerFacts = {}): OpenAiChatProfile {
  return {
    id,
    variant,
    reasoningField,
    completionTokensIncludeReasoning: facts.completionTokensIncludeReasoning ?? true,
    streamIds: facts.streamIds ?? "per-response",
    flags: [],
  };
}

/**
 * The named servers. Both reasoning fields are read from every server (vLLM sent both while it renamed
 * the field); the profile's field is preferred and is the one replayed.
 */
export const OPENAI_CHAT_PROFILES = {
  /** api.openai.com: no reasoning text in Chat Completions (providers-openai-ollama-deepseek.md A.5). */
  openai: profile("openai", "default", "reasoning_content"),
  /** vLLM with `--reasoning-parser` (docs/features/reasoning_outputs.md; `reasoning` since PR #27752). */
  vllm: profile("vllm", "vllm", "reasoning"),
  /** gpt-oss behind any Chat Completions server (cookbook articles/gpt-oss/handle-raw-cot.md). */
  "gpt-oss": profile("gpt-oss", "gpt-oss", "reasoning"),
  /** Kimi/Moonshot thinking models (platform.moonshot.cn use-kimi-k2-thinking-model). */
  kimi: profile("kimi", "kimi", "reasoning_content"),
  /** xAI: `reasoning_content`; `completion_tokens` excludes reasoning (total = prompt + completion + reasoning, recorded xai-text.json). */
  xai: profile("xai", "xai", "reasoning_content", { completionTokensIncludeReasoning: false }),
  /**
   * Groq with `reasoning_format: "parsed"` (recorded groq-reasoning.json). Its compound models give every
   * stream chunk an id of its own (recorded pydantic-ai__groq-compound-web-search.sse), so ids never split it.
   */
  groq: profile("groq", "groq", "reasoning", { streamIds: "per-chunk" }),
  /** OpenRouter: `reasoning` plus `reasoning_details` (openrouter.ai/docs reasoning-tokens). */
  openrouter: profile("openrouter", "openrouter", "reasoning"),
  /** A server of your own with the defaults of `customOpenAiChatProfile`. */
  custom: profile("custom", "custom", "reasoning_content"),
} as const satisfies Record<string, OpenAiChatProfile>;

export type OpenAiChatProfileName = keyof typeof OPENAI_CHAT_PROFILES;

export interface CustomOpenAiChatProfileOptions {
  /** Names the server (default `custom`); parts it produced carry it as `attributes.profile`. */
  readonly id?: string;
  /** Default `reasoning_content`. */
  readonly reasoningField?: ReasoningField;
  /** Whether the server takes its reasoning back on assistant messages (default false: servers that do not answer 400/422). */
  readonly replayReasoning?: boolean;
  /** Default true. */
  readonly completionTokensIncludeReasoning?: boolean;
  /** Default `per-response`; `per-chunk` for a server that gives every stream chunk a new id. */
  readonly streamIds?: StreamIds;
}

/** A profile for a server no named profile describes; its rules are the `custom` variant. */
export function customOpenAiChatProfile(options: CustomOpenAiChatProfileOptions = {}): OpenAiChatProfile {
  return {
    id: options.id ?? "custom",
    variant: "custom",
    reasoningField: options.reasoningField ?? "reasoning_content",
    completionTokensIncludeReasoning: options.completionTokensIncludeReasoning ?? true,
    streamIds: options.streamIds ?? "per-response",
    flags: options.replayReasoning ? ["replayReasoning"] : [],
  };
}

/**
 * The profile an encode option's variant names: `default` is OpenAI, `custom` the codec's own custom
 * profile when it has one; without a variant, the codec's profile.
 */
export function profileForVariant(codecProfile: OpenAiChatProfile, variant: string | undefined): OpenAiChatProfile {
  if (variant === undefined || variant === codecProfile.variant) return codecProfile;
  if (variant === "default") return OPENAI_CHAT_PROFILES.openai;
  const named = ownValue<OpenAiChatProfile>(OPENAI_CHAT_PROFILES, variant);
  if (named) return named;
  const profiles = ["default", ...Object.keys(OPENAI_CHAT_PROFILES).filter((name) => name !== "openai")];
  throw invalidEncodeOption(OPENAI_CHAT, `provider "openai.chat" has no server profile ${JSON.stringify(variant)} (profiles: ${profiles.join(", ")})`, { variant, variants: profiles });
}

/** The server a profile describes, with the Chat Completions wire validators. */
export function openAiChatServer(profile: OpenAiChatProfile): ChatCompletionsServer {
  return {
    provider: OPENAI_CHAT,
    profile: profile.id,
    reasoningField: profile.reasoningField,
    completionTokensIncludeReasoning: profile.completionTokensIncludeReasoning,
    streamIds: profile.streamIds,
    errors: openAiChatErrors,
    validators: {
      completion: validateOpenAiChatCompletion,
      chunk: validateOpenAiChatCompletionChunk,
      errorBody: validateOpenAiChatErrorBody,
      toolCall: validateOpenAiChatToolCall,
    },
  };
}
