// The session advisors (Spring AI 2.1 §5-A): the memory advisor runs inside the tool loop, loading the
// active view before each call and appending every message as it happens under a version check, so two
// writers never interleave a turn; the turn advisor runs around the whole call, creating the session on
// first use and compacting after the call.
import type { CompactionResult, CreateSessionRequest, Message } from "../../generated/types.js";
import type { CompactionStrategy, CompactionTrigger } from "../session/compaction.js";
import type { SessionService } from "../session/session-service.js";
import type { ChatClient, ChatMemory, ChatResult, SendOptions } from "./chat-client.js";

/** Inside the loop: the session's active view in, every new message out, version-checked. */
export class SessionMemoryAdvisor implements ChatMemory {
  readonly #service: SessionService;
  readonly #sessionId: string;
  #version: number | undefined;

  constructor(service: SessionService, sessionId: string) {
    this.#service = service;
    this.#sessionId = sessionId;
  }

  async load(): Promise<Message[]> {
    // The version is read before the view: an append in between makes the next record fail with
    // session/version-conflict instead of writing after messages this call never saw.
    const session = await this.#service.findById(this.#sessionId);
    this.#version = session?.version ?? 0;
    return this.#service.getActiveMessages(this.#sessionId);
  }

  async record(messages: readonly Message[]): Promise<void> {
    const result = await this.#service.appendEvents(this.#sessionId, messages.map((message) => ({ type: "MESSAGE" as const, message })), this.#version);
    this.#version = result.version;
  }
}

export interface SessionTurnOptions {
  /** How a new session is created (metadata such as principalName, time to live). */
  readonly create?: Omit<CreateSessionRequest, "id">;
  /** Compaction after each call: when the trigger fires, the strategy runs. */
  readonly compaction?: { readonly trigger: CompactionTrigger; readonly strategy: CompactionStrategy };
}

/** A call's result with what the compaction after it did (absent when none is configured). */
export interface SessionChatResult extends ChatResult {
  readonly compaction?: CompactionResult;
}

/** Outside the loop: one `send` per user message, with the session created, remembered and compacted. */
export class SessionChat {
  readonly #chat: ChatClient;
  readonly #service: SessionService;
  readonly #options: SessionTurnOptions;

  constructor(chat: ChatClient, service: SessionService, options: SessionTurnOptions = {}) {
    this.#chat = chat;
    this.#service = service;
    this.#options = options;
  }

  /** Sends a user message in the session; without input, continues the stored conversation. */
  async send(sessionId: string, input: string | Message | undefined, options: Omit<SendOptions, "memory" | "history"> = {}): Promise<SessionChatResult> {
    await this.#service.findOrCreate({ ...this.#options.create, id: sessionId });
    const result = await this.#chat.send(input, { ...options, memory: new SessionMemoryAdvisor(this.#service, sessionId) });
    const compaction = this.#options.compaction;
    if (!compaction) return result;
    return { ...result, compaction: await this.#service.compact(sessionId, compaction.trigger, compaction.strategy) };
  }
}
