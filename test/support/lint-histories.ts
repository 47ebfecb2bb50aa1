// Cross-provider histories and requests for the lint property (test/lint/lint-agrees-with-simulators.test.ts):
// genuine signed turns collected from every provider's simulator, composed in any order, cut at every point
// of a tool loop, mixed with every part kind and with the corruptions a history shows (docs/lint.md).
import fc from "fast-check";
import type { History, Message, Part } from "../../generated/types.js";
import { ChatClient } from "../../src/chat/chat-client.js";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { weatherTools } from "../../src/demo/weather-scenario.js";
import { PROVIDER_IDS } from "../../src/parts/part-kinds.js";
import { codecFor, listProviders } from "../../src/providers/registry.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";

/** The key every simulator of the property checks, and the signing secret they share (signatures verify across them). */
export const SIMULATOR_KEY = "sim-key";
const SIMULATOR_SECRET = "partwise-lint-property";

type Request = Readonly<Record<string, unknown>>;

/** One target of the property: a provider, its rule variant, the simulator profile that plays it, and the requests it is sent. */
export interface LintTarget {
  readonly provider: string;
  readonly variant: string;
  readonly profile?: string;
  /** `provider` or `provider/variant`. */
  readonly label: string;
  /** Models the target's rules tell apart (the first is the provider's reasoning model). */
  readonly models: readonly string[];
  /** The request fields besides the model, with reasoning on or off. */
  request(thinking: boolean): Request;
  /** Fields each request may add (Responses `store: false`). */
  readonly options: readonly Request[];
}

/** Per provider: the models its rules tell apart, reasoning on and off, and optional fields. Not a provider switch: test data. */
const TARGET_REQUESTS: Readonly<Record<string, Pick<LintTarget, "models" | "request" | "options">>> = {
  anthropic: {
    models: ["claude-sonnet-4-5", "claude-opus-4-5", "claude-sonnet-4-20250514", "claude-3-7-sonnet-latest"],
    request: (thinking) => ({ max_tokens: 2048, ...(thinking ? { thinking: { type: "enabled", budget_tokens: 1024 } } : {}) }),
    options: [],
  },
  bedrock: {
    models: ["us.anthropic.claude-sonnet-4-5-20250929-v1:0", "us.anthropic.claude-opus-4-5-20251101-v1:0", "anthropic.claude-sonnet-4-20250514-v1:0"],
    request: (thinking) => ({ inferenceConfig: { maxTokens: 2048 }, ...(thinking ? { additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } } } : {}) }),
    options: [],
  },
  deepseek: {
    models: ["deepseek-v4-flash", "deepseek-reasoner", "deepseek-chat"],
    request: (thinking) => ({ thinking: { type: thinking ? "enabled" : "disabled" } }),
    options: [],
  },
  google: {
    models: ["gemini-3-pro-preview", "gemini-2.5-flash", "gemini-3-pro-image-preview"],
    request: (thinking) => ({ generationConfig: { thinkingConfig: thinking ? { includeThoughts: true } : { thinkingBudget: 0 } } }),
    options: [],
  },
  mistral: { models: ["magistral-medium-latest", "mistral-large-latest"], request: () => ({}), options: [] },
  ollama: { models: ["qwen3", "llama3.2"], request: (thinking) => ({ think: thinking }), options: [] },
  "openai.chat": { models: ["gpt-4.1", "kimi-k2-thinking", "openai/gpt-oss-120b", "llama-3.3-70b-versatile"], request: () => ({}), options: [{ thinking: { type: "disabled" } }, { reasoning_format: "hidden" }] },
  "openai.responses": {
    models: ["gpt-5", "o4-mini", "gpt-4.1"],
    request: (thinking) => (thinking ? { reasoning: { effort: "medium", summary: "auto" } } : {}),
    options: [{ store: false, include: ["reasoning.encrypted_content"] }, { store: false }],
  },
};

/** The Chat Completions servers the openai.chat simulator plays, each linted as the rule variant of the same name. */
const CHAT_PROFILES = ["vllm", "kimi", "groq"] as const;

/** Every target: each built-in provider with its default rules, and openai.chat as each simulated server. */
export function lintTargets(): LintTarget[] {
  return listProviders().flatMap(({ id }): LintTarget[] => {
    const requests = TARGET_REQUESTS[id];
    if (!requests) throw new Error(`the lint property has no requests for provider ${id}: add it to TARGET_REQUESTS`);
    const base = { provider: id, variant: "default", label: id, ...requests };
    const profiles = id === "openai.chat" ? CHAT_PROFILES.map((profile) => ({ ...base, variant: profile, profile, label: `${id}/${profile}` })) : [];
    return [base, ...profiles];
  });
}

/** Starts one simulator per target (loopback, port 0), all with the same key and secret. */
export async function startTargetSimulators(targets: readonly LintTarget[]): Promise<Map<string, RunningSimulator>> {
  const running = await Promise.all(targets.map(async (target) => [target.label, await startSimulator(target.provider, { apiKey: SIMULATOR_KEY, secret: SIMULATOR_SECRET, ...(target.profile ? { profile: target.profile } : {}) })] as const));
  return new Map(running);
}

/** A client of a target's simulator: Bedrock's signs with AWS credentials whose secret is the key. */
export function simulatorClient(provider: string, simulator: RunningSimulator, model: string): ProviderHttpClient {
  return new ProviderHttpClient({
    provider, model, baseUrl: simulator.url, apiKey: SIMULATOR_KEY, env: {}, maxRetries: 0,
    region: "us-east-1", awsCredentials: { accessKeyId: "partwise", secretAccessKey: SIMULATOR_KEY },
  });
}

/** The turns of one provider's tool loops: each loop as the messages it added (question, calls, results, answer). */
export interface TurnPool {
  readonly loops: readonly { readonly provider: string; readonly messages: readonly Message[] }[];
}

/**
 * Runs the weather tool loop against each provider's default simulator with reasoning on, blocking and
 * streamed, and keeps what each added. DeepSeek's simulator remembers the reasoning it issued, so the pool
 * must come from the simulators the property then posts to.
 */
export async function collectTurnPool(targets: readonly LintTarget[], simulators: ReadonlyMap<string, RunningSimulator>): Promise<TurnPool> {
  const defaults = targets.filter((target) => target.variant === "default");
  const loops = await Promise.all(defaults.flatMap((target) => [false, true].map(async (stream) => {
    const codec = codecFor(target.provider);
    const simulator = simulators.get(target.label)!;
    const chat = new ChatClient({ codec, transport: simulatorClient(target.provider, simulator, codec.reasoningRequest.model), tools: weatherTools, stream, request: codec.reasoningRequest.request });
    const result = await chat.send(stream ? "Is it raining in Bergen?" : "Is it raining in Oslo?");
    return { provider: target.provider, messages: result.added };
  })));
  return { loops };
}

const userTexts = fc.constantFrom("Is it raining in Oslo?", "And in Bergen?", "Thanks!", " ", "Ωμέγα 😀");

/** Media of several types and data kinds (bytes, URL, inline string). */
const mediaPart: fc.Arbitrary<Part> = fc.constantFrom<Part>(
  { type: "media", media: { mimeType: "image/png", data: "iVBORw0KGgo=", dataKind: "bytes" } },
  { type: "media", media: { mimeType: "image/jpeg", data: "https://example.com/oslo.jpg", dataKind: "url" } },
  { type: "media", media: { mimeType: "application/pdf", data: "JVBERi0xLjQK", dataKind: "bytes" } },
  { type: "media", media: { mimeType: "audio/wav", data: "UklGRiQAAABXQVZF", dataKind: "bytes" } },
  { type: "media", media: { mimeType: "text/plain", data: "forecast: rain", dataKind: "string" } },
  { type: "media", media: { mimeType: "video/mp4", data: "AAAAGGZ0eXBtcDQy", dataKind: "bytes" } },
);

const userMessage: fc.Arbitrary<Message> = fc.tuple(userTexts, fc.array(mediaPart, { maxLength: 2 })).map(([text, media]) => ({ role: "user", parts: [{ type: "text", text }, ...media] }));

/** Every part of the pool's assistant turns, to graft onto messages of other providers. */
function pooledParts(pool: TurnPool, type: Part["type"]): Part[] {
  return pool.loops.flatMap((loop) => loop.messages.flatMap((message) => message.parts.filter((part) => part.type === type)));
}

/** The call ids of the pool, so a synthetic call or result can reuse (duplicate, answer) one. */
function pooledCallIds(pool: TurnPool): string[] {
  return pooledParts(pool, "tool_call").flatMap((part) => (part.type === "tool_call" ? [part.toolCall.id] : []));
}

function toolCall(id: string, payloadPart?: Part): Part {
  return { type: "tool_call", toolCall: { id, type: "function", name: "get_weather", arguments: JSON.stringify({ city: "Oslo" }) }, ...(payloadPart?.payload ? { payload: payloadPart.payload } : {}) };
}

/** An assistant message of synthetic parts: text, reasoning with or without (any provider's) payload, calls with fresh, reused or empty ids, unknown blocks, media. */
function syntheticAssistant(pool: TurnPool): fc.Arbitrary<Message> {
  const signed = [...pooledParts(pool, "reasoning"), ...pooledParts(pool, "text").filter((part) => part.payload)];
  const ids = ["call_synthetic_1", "call_synthetic_2", "", ...pooledCallIds(pool)];
  const withPayload = pooledParts(pool, "tool_call").filter((part) => part.payload);
  const part: fc.Arbitrary<Part> = fc.oneof(
    userTexts.map((text): Part => ({ type: "text", text })),
    fc.constantFrom<Part>({ type: "reasoning", text: "Let me think about the weather." }, { type: "reasoning", text: "Thinking.", attributes: { provider: "ollama" } }, { type: "reasoning", summary: "Checked the weather." }),
    ...(signed.length > 0 ? [fc.constantFrom(...signed)] : []),
    fc.tuple(fc.constantFrom(...ids), fc.option(fc.constantFrom(...(withPayload.length > 0 ? withPayload : [undefined])), { nil: undefined })).map(([id, payloadPart]) => toolCall(id, payloadPart)),
    fc.constantFrom(...PROVIDER_IDS).map((provider): Part => ({ type: "unknown", provider, kind: "server_tool_use", rawJson: JSON.stringify({ type: "server_tool_use", id: "srvtoolu_1", name: "web_search" }) })),
    mediaPart,
  );
  return fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => ({ role: "assistant", parts }));
}

/** A tool message answering a pooled, synthetic, empty or absent id. */
function syntheticToolMessage(pool: TurnPool): fc.Arbitrary<Message> {
  const ids: (string | null)[] = ["call_synthetic_1", "call_unknown", "", null, ...pooledCallIds(pool)];
  return fc.tuple(fc.constantFrom(...ids), fc.boolean()).map(([id, isError]) => ({
    role: "tool",
    parts: [{ type: "tool_result", id, name: "get_weather", content: [{ type: "text", text: "light rain, 7 °C" }], isError }],
  }));
}

/** A slice of one pooled tool loop: any start, any end, so loops are cut at every point. */
function loopSlice(pool: TurnPool): fc.Arbitrary<Message[]> {
  return fc.constantFrom(...pool.loops).chain((loop) =>
    fc.integer({ min: 0, max: loop.messages.length - 1 }).chain((start) => fc.integer({ min: start + 1, max: loop.messages.length }).map((end) => loop.messages.slice(start, end))));
}

/** The corruptions a history shows (lint-common.md): the signature itself is never edited in a way only cryptography could tell. */
export type Corruption = "empty-data" | "whitespace-data" | "outside-encoding" | "foreign-tag" | "moved-block";

/**
 * One corruption of the `pick`-th payload of the history. A foreign tag names a provider other than the
 * payload's and the target's: a payload retagged as the target's own is a forged own signature (Anthropic and
 * Bedrock both call theirs `signature`), which only cryptography could tell, so it is not generated.
 */
function corrupt(messages: Message[], corruption: Corruption, pick: number, targetProvider: string, other: number, destination: number): Message[] {
  const signed = messages.flatMap((message, index) => message.parts.flatMap((part, partIndex) => (part.payload ? [{ index, partIndex, part }] : [])));
  const target = signed[pick % Math.max(signed.length, 1)];
  if (!target) return messages;
  const { index, partIndex, part } = target;
  const payload = part.payload!;
  const copy = messages.map((message) => ({ ...message, parts: [...message.parts] }));
  const replace = (data: string, provider = payload.provider) => (copy[index]!.parts[partIndex] = { ...part, payload: { ...payload, provider, data } } as Part);
  switch (corruption) {
    case "empty-data":
      replace("");
      break;
    case "whitespace-data":
      replace(`${payload.data.slice(0, 4)} \n${payload.data.slice(4)}`);
      break;
    case "outside-encoding":
      replace(`${payload.data.slice(0, 4)}!%*${payload.data.slice(4)}`);
      break;
    case "foreign-tag": {
      const others = PROVIDER_IDS.filter((provider) => provider !== payload.provider && provider !== targetProvider);
      replace(payload.data, others[other % others.length]);
      break;
    }
    case "moved-block": {
      const assistants = copy.flatMap((message, at) => (message.role === "assistant" && at !== index ? [at] : []));
      const to = assistants[destination % Math.max(assistants.length, 1)];
      if (to === undefined) return messages;
      copy[index]!.parts.splice(partIndex, 1);
      copy[to]!.parts.unshift(part);
      break;
    }
  }
  return copy.filter((message) => message.parts.length > 0);
}

/** One case of the property: a history of segments in any order, maybe corrupted once. */
export interface LintCase {
  readonly history: History;
  readonly corruption?: Corruption;
}

/** The cases of the property for one target: its provider id keeps a foreign tag foreign (see corrupt). */
export function lintCaseArbitrary(pool: TurnPool, target: LintTarget): fc.Arbitrary<LintCase> {
  const segment = fc.oneof(
    { weight: 4, arbitrary: loopSlice(pool) },
    { weight: 2, arbitrary: userMessage.map((message) => [message]) },
    { weight: 1, arbitrary: syntheticAssistant(pool).map((message) => [message]) },
    { weight: 1, arbitrary: syntheticToolMessage(pool).map((message) => [message]) },
  );
  const corruption = fc.option(fc.tuple(fc.constantFrom<Corruption>("empty-data", "whitespace-data", "outside-encoding", "foreign-tag", "moved-block"), fc.nat(), fc.nat(), fc.nat()), { nil: undefined, freq: 2 });
  return fc.tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), corruption).map(([segments, corrupted]) => {
    const messages = segments.flat();
    const history = (list: Message[]): History => ({ format: "partwise.history", version: 1, messages: list });
    if (!corrupted) return { history: history(messages) };
    const [kind, pick, other, destination] = corrupted;
    return { history: history(corrupt(messages, kind, pick, target.provider, other, destination)), corruption: kind };
  });
}

/** The request a target is sent: one of its models, reasoning on or off, tools declared or not, maybe an optional field. */
export function lintRequestArbitrary(target: LintTarget): fc.Arbitrary<Request> {
  const tools = codecFor(target.provider).declareTools(weatherTools);
  return fc.tuple(fc.constantFrom(...target.models), fc.boolean(), fc.boolean(), fc.option(fc.constantFrom(...(target.options.length > 0 ? target.options : [{}])), { nil: undefined }))
    .map(([model, thinking, declared, option]) => ({ model, ...target.request(thinking), ...(declared ? tools : {}), ...option }));
}
