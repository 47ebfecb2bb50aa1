// The scripted model behind every simulator: a weather agent that reasons, calls `get_weather` (and
// `get_local_time` when it is offered) and answers from the results. Provider-neutral: each simulator
// reads its wire into these turns and writes the reply back in its own wire format.

/** One turn of the conversation as a simulator reads it from a request. */
export interface ScriptTurn {
  readonly role: "user" | "assistant" | "tool";
  /** The turn's text (user question, assistant answer, or tool result text). */
  readonly text: string;
  /** Tools the assistant called in this turn. */
  readonly toolCalls: readonly { readonly id: string; readonly name: string }[];
  /** Tool results in this turn, by call id. */
  readonly toolResults: readonly { readonly id: string; readonly text: string }[];
}

/** What the model says next. */
export interface ScriptReply {
  readonly reasoning: string;
  readonly text: string;
  readonly toolCall?: { readonly name: string; readonly arguments: Record<string, unknown> };
}

function cityOf(question: string): string {
  const match = /\b(?:in|for|at)\s+([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?)/u.exec(question);
  return match?.[1] ?? "Oslo";
}

/** The reply to a conversation: call the next useful tool, or answer from what the tools returned. */
export function scriptReply(turns: readonly ScriptTurn[], toolNames: readonly string[]): ScriptReply {
  const lastUser = turns.map((turn, index) => ({ turn, index })).filter(({ turn }) => turn.role === "user").at(-1);
  const question = lastUser?.turn.text ?? "";
  const city = cityOf(question);
  const sinceQuestion = turns.slice((lastUser?.index ?? -1) + 1);
  const called = new Set(sinceQuestion.flatMap((turn) => turn.toolCalls.map((call) => call.name)));
  const results = sinceQuestion.flatMap((turn) => turn.toolResults.map((result) => result.text));
  for (const tool of ["get_weather", "get_local_time"]) {
    if (toolNames.includes(tool) && !called.has(tool)) {
      return {
        reasoning: results.length === 0
          ? `The user asks: "${question}". I need live data, so I will call ${tool} for ${city}.`
          : `${results.join("; ")}. I should also call ${tool} for ${city} before answering.`,
        text: tool === "get_weather" ? `Let me check the weather in ${city}.` : `And the local time in ${city}.`,
        toolCall: { name: tool, arguments: { city } },
      };
    }
  }
  return {
    reasoning: results.length === 0 ? `The user says: "${question}". No tool is needed.` : `The tools returned: ${results.join("; ")}. I can answer now.`,
    text: results.length === 0 ? `You said: ${question}` : `In ${city}: ${results.join("; ")}.`,
  };
}
