// A stand-in for the DeepSeek API in thinking mode: Chat Completions with `reasoning_content`, and the V4 rule
// that every assistant turn that called tools comes back with its reasoning_content, else the documented 400.
// providers-openai-ollama-deepseek.md D.1-D.4; https://api-docs.deepseek.com/guides/thinking_mode
import { createHash } from "node:crypto";
import {
  type ChatMessage,
  chatCompletionAnswer,
  chatCompletionsRoute,
  chatContentSubject,
  chatErrorAnswer,
  chatMessages,
  chatRequestContent,
  chatScriptTurns,
  chatToolNames,
  toolPairingProblem,
} from "./openai-chat-simulator.js";
import { requestRule, ruleErrorText } from "../providers/request-rules.js";
import { type ProviderSimulator, bearerAuthorized } from "./simulator-server.js";
import { scriptReply } from "./weather-script.js";

/** The error text of the DeepSeek request rule `name` (spec/providers/deepseek.tsp; D.4, V4 row for reasoning). */
function ruleText(name: string): string {
  return ruleErrorText(requestRule("deepseek", `deepseek/${name}`));
}
/** Tool-call turns remembered at most; the oldest are forgotten first. */
const REMEMBERED_TURNS = 10_000;

/** Thinking is on by default since V4; the legacy `deepseek-chat` id thinks only when asked (D.1). */
function thinks(body: Record<string, unknown>, model: string): boolean {
  const type = (body.thinking as { type?: unknown } | undefined)?.type;
  return type === "enabled" || (type !== "disabled" && model !== "deepseek-chat");
}

/** A tool-call turn's key: a hash of its tool-call ids, which are fresh per turn (content may come back re-rendered). */
function turnKey(callIds: readonly string[]): string {
  return createHash("sha256").update(JSON.stringify(callIds)).digest("hex");
}

function callIds(message: ChatMessage): string[] {
  return Array.isArray(message.tool_calls) ? (message.tool_calls as { id?: unknown }[]).map((call) => String(call.id)) : [];
}

/**
 * A DeepSeek simulator with its own memory. DeepSeek's reasoning is unsigned, so an altered
 * reasoning_content can only be seen by remembering what was issued: each tool-call turn's reasoning is
 * kept, keyed by the hash of its tool-call ids, and a replay whose non-empty reasoning_content differs is
 * refused like a missing one (the docs: "must be fully passed back", else 400). An empty string is
 * accepted, as the API checks presence (D.4 observed); a turn not remembered (another simulator instance,
 * a restart) is checked for presence only.
 */
export function deepSeekSimulator(): ProviderSimulator {
  const issued = new Map<string, string>();
  const remember = (key: string, reasoning: string) => {
    issued.set(key, reasoning);
    if (issued.size > REMEMBERED_TURNS) issued.delete(issued.keys().next().value as string);
  };
  return {
    provider: "deepseek",
    route: chatCompletionsRoute,
    authorized: bearerAuthorized,
    requestContent: (body) => chatRequestContent(body, chatContentSubject),
    errorAnswer(status, type, message) {
      // DeepSeek's 401 body (deepseek-ai/DeepSeek-R1#82).
      return type === "authentication_error" ? chatErrorAnswer(401, "authentication_error", "Authentication Fails (no such user)", "invalid_request_error") : chatErrorAnswer(status, type, message);
    },
    handle(request, context) {
      const messages = chatMessages(request.body);
      const pairing = toolPairingProblem(messages);
      if (pairing) return chatErrorAnswer(400, "invalid_request_error", ruleText(pairing.kind), "invalid_request_error");
      const thinking = thinks(request.body, request.model);
      if (thinking) {
        for (const message of messages) {
          const ids = callIds(message);
          if (message.role !== "assistant" || ids.length === 0) continue;
          const given = message.reasoning_content;
          const expected = issued.get(turnKey(ids));
          const altered = typeof given === "string" && given !== "" && expected !== undefined && given !== expected;
          if (typeof given !== "string" || altered) return chatErrorAnswer(400, "invalid_request_error", ruleText("reasoning-content-not-passed-back"), "invalid_request_error");
        }
      }
      const reply = scriptReply(chatScriptTurns(messages), chatToolNames(request.body));
      const callId = context.nextId("call_00_", 22);
      if (thinking && reply.toolCall) remember(turnKey([callId]), reply.reasoning);
      return chatCompletionAnswer(request, reply, { ...(thinking ? { reasoningField: "reasoning_content" } : {}), deepSeek: true, toolCallId: () => callId }, context);
    },
  };
}
