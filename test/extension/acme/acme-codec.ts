// The codec of the Acme Think API, written outside partwise as a user's project would write one: blocking
// and SSE stream decoding through one item mapping, encoding under the replay and content rules of
// acme.tsp (read from the registry), the endpoint, the error bodies and the tool declarations.
import {
  type ContentPlace,
  type EncodeOptions,
  type ErrorObject,
  type ErrorFacts,
  type History,
  type Message,
  type Part,
  type ProviderCodec,
  type EncodedRequestOf,
  typedEncoder,
  type ProviderEndpoint,
  type ReplayContext,
  type StreamChunk,
  type StreamDecoder,
  type ToolDeclaration,
  type WireEvent,
  PartwiseError,
  providerApiError,
  serverSentEventReader,
  settleContent,
  settleReplay,
  unreachable,
} from "../../../src/index.js";
import {
  ACME,
  type AcmeRequest,
  type AcmeTurn,
  type AcmeTurnItem,
  type WireLocation,
  acmeInfo,
  invalidAcmeWire,
  isRecord,
  itemToPart,
  stringField,
  wireObject,
} from "./acme-wire.js";

/** What an Acme error body says: `{ "error": { "type", "message" } }`; `overloaded` is worth retrying. */
function acmeErrorFacts(body: unknown): ErrorFacts {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (!error) return {};
  const type = typeof error.type === "string" ? error.type : undefined;
  return {
    ...(type === undefined ? {} : { errorType: type, retryable: type === "overloaded" }),
    ...(typeof error.message === "string" ? { message: error.message } : {}),
  };
}

export function decodeAcmeResponse(body: unknown) {
  if (isRecord(body) && body.error !== undefined) throw providerApiError(ACME, acmeErrorFacts(body));
  const reply = wireObject(body, "a reply", { pointer: "" });
  const output = reply.output;
  if (!Array.isArray(output)) throw invalidAcmeWire("expected the reply's `output` list at /output", { pointer: "/output" });
  const parts = output.map((item, index) => itemToPart(item, { pointer: `/output/${index}` }));
  return { message: { role: "assistant" as const, parts }, info: acmeInfo(reply) };
}

/** Decodes one SSE reply: `start`, `item`s (thoughts and says grow by `delta`s, a thought gets its `seal`), `finish`. */
export class AcmeStreamDecoder implements StreamDecoder {
  #responseId: string | undefined;
  /** The type of the thought or say at each index, for its deltas and seal. */
  readonly #growing = new Map<number, "reasoning" | "text">();

  #chunk(index: number, partial: boolean, part: Part): StreamChunk {
    return { ...(this.#responseId === undefined ? {} : { responseId: this.#responseId }), index, partial, part } as StreamChunk;
  }

  #index(data: Record<string, unknown>, location: WireLocation): number {
    const index = data.index;
    if (typeof index !== "number" || !Number.isSafeInteger(index) || index < 0) throw invalidAcmeWire(`expected an item index at ${location.pointer}/index`, location);
    return index;
  }

  push(event: WireEvent): StreamChunk[] {
    const location: WireLocation = { pointer: "", ...(event.position === undefined ? {} : { position: event.position }) };
    const data = wireObject(event.data, `the data of a ${event.name ?? "nameless"} event`, location);
    switch (event.name) {
      case "start":
        this.#responseId = stringField(data, "id", location);
        this.#growing.clear();
        return [{ responseId: this.#responseId, response: acmeInfo(data) }];
      case "item": {
        const index = this.#index(data, location);
        const part = itemToPart(data.item, { ...location, pointer: "/item" });
        const growing = part.type === "reasoning" || part.type === "text";
        if (growing) this.#growing.set(index, part.type);
        return [this.#chunk(index, growing, part)];
      }
      case "delta": {
        const index = this.#index(data, location);
        const text = stringField(data, "text", location);
        const type = this.#growing.get(index);
        if (type === undefined) throw invalidAcmeWire(`a delta for item ${index}, which is no thought or say`, location);
        const part: Part = type === "text" ? { type: "text", text } : { type: "reasoning", text };
        return [this.#chunk(index, true, part)];
      }
      case "seal": {
        const index = this.#index(data, location);
        if (this.#growing.get(index) !== "reasoning") throw invalidAcmeWire(`a seal for item ${index}, which is no thought`, location);
        return [this.#chunk(index, true, { type: "reasoning", payload: { provider: ACME, kind: "seal", data: stringField(data, "seal", location) } })];
      }
      case "finish":
        return [{ ...(this.#responseId === undefined ? {} : { responseId: this.#responseId }), response: acmeInfo(data), done: true }];
      case "error":
        throw providerApiError(ACME, acmeErrorFacts(data), event.position === undefined ? {} : { position: event.position });
      default:
        // Events of a later version of the API carry nothing partwise reads yet.
        return [];
    }
  }

  end(): StreamChunk[] {
    return [];
  }
}

/** The model-turn item of an assistant part the replay rules let through; undefined for one the wire has no item for. */
function modelItem(part: Part): AcmeTurnItem | undefined {
  switch (part.type) {
    case "reasoning":
      return part.payload?.provider === ACME ? { type: "thought", text: part.text ?? "", seal: part.payload.data } : undefined;
    case "text":
      return part.text === "" ? undefined : { type: "say", text: part.text };
    case "tool_call":
      return { type: "call", call_id: part.toolCall.id, tool: part.toolCall.name, input: part.toolCall.arguments };
    case "unknown":
      return JSON.parse(part.rawJson) as AcmeTurnItem;
    case "tool_result":
    case "media":
      return undefined;
    default:
      return unreachable(part, "part");
  }
}

/** Encodes a history as an Acme request: the system text as `system`, user and tool messages as user turns, assistant messages as model turns. */
/** What the Acme encoder writes into a request; the other request fields are the caller's. */
type AcmeEncoded = Pick<AcmeRequest, "system" | "turns">;
/** The request fields a caller gives (`model` required, as the wire requires it). */
type AcmeRequestFields = Omit<AcmeRequest, "system" | "turns">;

function encodeAcmeTurns(history: History | readonly Message[], options: EncodeOptions = {}): EncodedRequestOf<AcmeEncoded> {
  const messages: readonly Message[] = Array.isArray(history) ? history : (history as History).messages;
  const base = Array.isArray(history) ? "" : "/messages";
  const context: ReplayContext = { provider: ACME, ...(options.variant === undefined ? {} : { variant: options.variant }), flags: new Set(options.flags ?? []) };
  const warnings: ErrorObject[] = [];
  const system: string[] = [];
  const turns: AcmeTurn[] = [];
  const append = (role: AcmeTurn["role"], items: AcmeTurnItem[]) => {
    if (items.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.items.push(...items);
    else turns.push({ role, items });
  };
  const taken = (part: Part, pointer: string, place: ContentPlace) => settleContent(part, pointer, place, context, warnings);
  messages.forEach((message, messageIndex) => {
    const pointer = `${base}/${messageIndex}`;
    const items: AcmeTurnItem[] = [];
    message.parts.forEach((part, partIndex) => {
      const partPointer = `${pointer}/parts/${partIndex}`;
      if (message.role === "assistant") {
        if (settleReplay(part, partPointer, context, warnings) === undefined) return;
        const item = modelItem(part);
        if (item !== undefined) items.push(item);
        return;
      }
      if (!taken(part, partPointer, message.role === "system" ? "system" : "user")) return;
      if (part.type === "text") {
        if (message.role === "system") system.push(part.text);
        else items.push({ type: "say", text: part.text });
      } else if (part.type === "tool_result") {
        const texts = part.content.filter((content, contentIndex) => content.type === "text" && taken(content, `${partPointer}/content/${contentIndex}`, "tool_result"));
        items.push({ type: "result", call_id: part.id ?? "", output: texts.map((content) => (content as { text: string }).text).join(""), ...(part.isError ? { is_error: true } : {}) });
      }
    });
    append(message.role === "assistant" ? "model" : "user", items);
  });
  const body: AcmeEncoded = { ...options.request, ...(system.length === 0 ? {} : { system: system.join("\n\n") }), turns };
  return { provider: ACME, body, warnings };
}

export const acmeEndpoint: ProviderEndpoint = {
  defaultBaseUrl: "https://api.acme.example",
  baseUrlEnv: ["ACME_BASE_URL"],
  apiKeyEnv: ["ACME_API_KEY"],
  authHeaders: (apiKey): Record<string, string> => (apiKey ? { "x-acme-key": apiKey } : {}),
  requestUrl: (baseUrl) => `${baseUrl.replace(/\/+$/, "")}/v1/think`,
  modelInBody: true,
  streamInBody: true,
  requestIdHeaders: ["x-acme-request-id"],
};

export function declareAcmeTools(tools: readonly ToolDeclaration[]): Record<string, unknown> {
  return { tools: tools.map((tool) => ({ name: tool.name, ...(tool.description === undefined ? {} : { description: tool.description }), schema: tool.parameters })) };
}

/** Encodes a history into an Acme request, typed by the fields given (see `Encoder`). */
export const encodeAcmeRequest = typedEncoder<AcmeEncoded, AcmeRequestFields>(encodeAcmeTurns);

export const acmeCodec: ProviderCodec<AcmeEncoded, AcmeRequestFields> = {
  id: ACME,
  framing: "server-sent-events",
  decodeResponse: decodeAcmeResponse,
  createStreamDecoder: () => new AcmeStreamDecoder(),
  createWireReader: () => serverSentEventReader(ACME),
  wireEventFromJson(value, line): WireEvent {
    // `--input jsonl`: one `{ "event": NAME, "data": JSON }` per line.
    if (!isRecord(value) || typeof value.event !== "string") {
      throw new PartwiseError("provider/invalid-wire", `acme: line ${line} is not an { "event", "data" } object`, { provider: ACME, line });
    }
    return { name: value.event, data: value.data, position: line };
  },
  encodeRequest: encodeAcmeRequest,
  endpoint: acmeEndpoint,
  declareTools: declareAcmeTools,
  reasoningRequest: { model: "acme-think-1", request: {} },
  errors: { errorFacts: acmeErrorFacts },
};
