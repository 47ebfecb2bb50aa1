// Sessions for the inspector's browser tests and screenshots: a weather agent's log with every kind of
// part, signed reasoning, a tool round, an unanswered call and a compaction; and a log whose texts, tool
// names, ids and metadata are HTML and script that a page must show as text.
import type { Message } from "../../generated/types.js";
import {
  mediaFromUrl,
  mediaPart,
  message,
  opaquePayload,
  reasoningPart,
  textPart,
  toolCallPart,
  toolResultPart,
  unknownPart,
} from "../../src/parts/constructors.js";
import { ALWAYS, LastTurnsStrategy } from "../../src/session/compaction.js";
import type { SessionService } from "../../src/session/session-service.js";

/** A 32x32 PNG (a blue gradient) standing in for a chart the model was shown. */
export const RADAR_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAHf0lEQVR42g3NocqrYACA4XM5fzKZTCaTySQLhiEGg4jBIGPBMMbCF4YsGGQsGEQMBhGDQWS8fGHIgsnklZw9N/D8+zugHFAPaAf0A8YB84B1wD7gHHAP+AfCA/GB04H0wPWAOJAdyA88D5QH6gPtgf7AeGA+IA8sB9YD24H9wL8/B8VBddAcdAfDwXSwHGwHx8F18B1Ch9jh5JA6XB2EQ+aQOzwdSofaoXXoHUaH2UE6LA6rw+awO7/giHJEPaId0Y8YR8wj1hH7iHPEPeIfCY/ER05H0iPXI+JIdiQ/8jxSHqmPtEf6I+OR+Yg8shxZj2xH9uMv8FA8VA/NQ/cwPEwPy8P2cDxcD98j9Ig9Th6px9VDeGQeucfTo/SoPVqP3mP0mD2kx+Kxemweu/cLfBQf1Ufz0X0MH9PH8rF9HB/Xx/cJfWKfk0/qc/URPplP7vP0KX1qn9an9xl9Zh/ps/isPpvP7v+CACVADdAC9AAjwAywAuwAJ8AN8APCgDjgFJAGXANEQBaQBzwDyoA6oA3oA8aAOUAGLAFrwBawB78gQolQI7QIPcKIMCOsCDvCiXAj/IgwIo44RaQR1wgRkUXkEc+IMqKOaCP6iDFijpARS8QasUXs0S+IUWLUGC1GjzFizBgrxo5xYtwYPyaMiWNOMWnMNUbEZDF5zDOmjKlj2pg+ZoyZY2TMErPGbDF7/AsSlAQ1QUvQE4wEM8FKsBOcBDfBTwgT4oRTQppwTRAJWUKe8EwoE+qENqFPGBPmBJmwJKwJW8Ke/IIzyhn1jHZGP2OcMc9YZ+wzzhn3jH8mPBOfOZ1Jz1zPiDPZmfzM80x5pj7TnunPjGfmM/LMcmY9s53Zz78gRUlRU7QUPcVIMVOsFDvFSXFT/JQwJU45paQp1xSRkqXkKc+UMqVOaVP6lDFlTpEpS8qasqXs6S+4oFxQL2gX9AvGBfOCdcG+4FxwL/gXwgvxhdOF9ML1griQXcgvPC+UF+oL7YX+wnhhviAvLBfWC9uF/fILbig31BvaDf2GccO8Yd2wbzg33Bv+jfBGfON0I71xvSFuZDfyG88b5Y36RnujvzHemG/IG8uN9cZ2Y7/9AoEiUAWaQBcYAlNgCWyBI3AFviAUxIKTIBVcBUKQCXLBU1AKakEr6AWjYBZIwSJYBZtgF7/gjnJHvaPd0e8Yd8w71h37jnPHvePfCe/Ed0530jvXO+JOdie/87xT3qnvtHf6O+Od+Y68s9xZ72x39vsveKA8UB9oD/QHxgPzgfXAfuA8cB/4D8IH8YPTg/TB9YF4kD3IHzwflA/qB+2D/sH4YH4gHywP1gfbg/3xC3KUHDVHy9FzjBwzx8qxc5wcN8fPCXPinFNOmnPNETlZTp7zzClz6pw2p88Zc+YcmbPkrDlbzp7/ggKlQC3QCvQCo8AssArsAqfALfALwoK44FSQFlwLREFWkBc8C8qCuqAt6AvGgrlAFiwFa8FWsBe/4IXyQn2hvdBfGC/MF9YL+4Xzwn3hvwhfxC9OL9IX1xfiRfYif/F8Ub6oX7Qv+hfji/mFfLG8WF9sL/bXLyhRStQSrUQvMUrMEqvELnFK3BK/JCyJS04lacm1RJRkJXnJs6QsqUvakr5kLJlLZMlSspZsJXv5CyqUCrVCq9ArjAqzwqqwK5wKt8KvCCviilNFWnGtEBVZRV7xrCgr6oq2oq8YK+YKWbFUrBVbxV79ggalQW3QGvQGo8FssBrsBqfBbfAbwoa44dSQNlwbREPWkDc8G8qGuqFt6BvGhrlBNiwNa8PWsDe/oEVpUVu0Fr3FaDFbrBa7xWlxW/yWsCVuObWkLdcW0ZK15C3PlrKlbmlb+paxZW6RLUvL2rK17O0v6FA61A6tQ+8wOswOq8PucDrcDr8j7Ig7Th1px7VDdGQdecezo+yoO9qOvmPsmDtkx9Kxdmwde/cLBpQBdUAb0AeMAXPAGrAHnAF3wB8IB+KB00A6cB0QA9lAPvAcKAfqgXagHxgH5gE5sAysA9vAPvyCEWVEHdFG9BFjxByxRuwRZ8Qd8UfCkXjkNJKOXEfESDaSjzxHypF6pB3pR8aReUSOLCPryDayj79gQplQJ7QJfcKYMCesCXvCmXAn/IlwIp44TaQT1wkxkU3kE8+JcqKeaCf6iXFinpATy8Q6sU3s0y94o7xR32hv9DfGG/ON9cZ+47xx3/hvwjfxm9Ob9M31jXiTvcnfPN+Ub+o37Zv+zfhmfiPfLG/WN9ub/f0LJIpElWgSXWJITIklsSWOxJX4klASS06SVHKVCEkmySVPSSmpJa2kl4ySWSIli2SVbJJd/oIPygf1g/ZB/2B8MD9YH+wPzgf3g/8h/BB/OH1IP1w/iA/Zh/zD80P5of7Qfug/jB/mD/LD8mH9sH3YP7/gi/JF/aJ90b8YX8wv1hf7i/PF/eJ/Cb/EX05f0i/XL+JL9iX/8vxSfqm/tF/6L+OX+Yv8snxZv2xf9u8vWFFW1BVtRV8xVswVa8VecVbcFX8lXIlXTivpynVFrGQr+cpzpVypV9qVfmVcmVfkyrKyrmwr+8p/A6qUai/Wq9YAAAAASUVORK5CYII=";

/** The signature on the reasoning of the weather session: what must never show without --full. */
export const WEATHER_SIGNATURE = `EqQBCkgIARABGAIiQL${"x7Qm2vR9".repeat(40)}Zk==`;

const WEATHER_REASONING =
  "The user asks about Oslo today and whether biking is sensible. I have no live data, so I should call get_weather for Oslo first, then judge rain and wind against a bike ride. If it rains above a few millimetres an hour I will suggest the tram instead.";

/** The messages of the weather session before its compaction: two turns, a tool round, an unanswered call. */
export function weatherMessages(): Message[] {
  return [
    message("system", [textPart("You are a weather assistant. Use tools for live data.")]),
    message("user", [textPart("What's the weather in Oslo, and should I bike to work?")]),
    message("assistant", [
      reasoningPart({ text: WEATHER_REASONING, summary: "Needs live weather: call get_weather for Oslo, then advise.", payload: opaquePayload("anthropic", "signature", WEATHER_SIGNATURE), attributes: { provider: "anthropic" } }),
      toolCallPart({ id: "toolu_01", name: "get_weather", arguments: { city: "Oslo", units: "metric" } }, { attributes: { provider: "anthropic" } }),
    ]),
    message("tool", [toolResultPart({ id: "toolu_01", name: "get_weather", content: '{"temperature":7,"condition":"rain","wind_kph":22}' })]),
    message("assistant", [textPart("It's 7 °C with rain and a 22 km/h wind in Oslo. I'd take the tram today.", { attributes: { provider: "anthropic" } })]),
    message("user", [textPart("Show me the radar, and the forecast for tomorrow.")]),
    message("assistant", [
      reasoningPart({ text: null, payload: opaquePayload("anthropic", "redacted_thinking", "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"), attributes: { provider: "anthropic" } }),
      mediaPart({ mimeType: "image/png", data: RADAR_PNG, dataKind: "bytes", name: "radar.png" }),
      mediaPart(mediaFromUrl("application/pdf", "https://example.org/forecast/oslo.pdf", { name: "forecast.pdf" })),
      unknownPart({ provider: "anthropic", kind: "server_tool_use", rawJson: '{"type":"server_tool_use","id":"srvtoolu_9","name":"web_search","input":{"query":"Oslo forecast"}}' }),
      toolCallPart({ id: "toolu_02", name: "get_forecast", arguments: { city: "Oslo", day: "tomorrow" } }),
    ]),
  ];
}

/** Seeds "weather-oslo": the weather messages, an audit event, then a compaction that keeps the last turn. */
export async function seedWeatherSession(service: SessionService, id = "weather-oslo"): Promise<void> {
  await service.create({ id, metadata: { principalName: "alice", agentName: "weather-bot", agentModel: "claude-sonnet-4" } });
  const messages = weatherMessages();
  for (const entry of messages.slice(0, 5)) await service.appendMessage(id, entry);
  await service.appendEvents(id, [{ type: "ACME.AUDIT", payload: { approvedTool: "get_weather", reviewer: "ops" } }]);
  for (const entry of messages.slice(5)) await service.appendMessage(id, entry);
  await service.compact(id, ALWAYS, new LastTurnsStrategy(1));
}

/** Markup that runs script if a page ever inserts it as HTML; each sets a different window flag. */
export const HOSTILE = {
  sessionId: `<img src=x onerror="window.pwned='id'">`,
  text: `<script>window.pwned='text'</script><b>bold?</b>`,
  toolName: `<img src=x onerror="window.pwned='tool'">`,
  metadata: `<svg onload="window.pwned='metadata'"></svg>`,
  rawJson: `{"html":"</pre><script>window.pwned='raw'</script>"}`,
  mediaName: `"><img src=x onerror="window.pwned='media'">`,
  javascriptUrl: "javascript:window.pwned='url'",
};

/** Seeds a session whose id, texts, tool name, metadata, raw block and media are all hostile markup. */
export async function seedHostileSession(service: SessionService): Promise<string> {
  await service.create({ id: HOSTILE.sessionId, metadata: { principalName: HOSTILE.metadata, note: HOSTILE.metadata } });
  await service.appendMessage(HOSTILE.sessionId, message("user", [textPart(HOSTILE.text)]));
  await service.appendMessage(HOSTILE.sessionId, message("assistant", [
    reasoningPart({ text: HOSTILE.text, summary: HOSTILE.text }),
    toolCallPart({ id: HOSTILE.toolName, name: HOSTILE.toolName, arguments: HOSTILE.text }),
    unknownPart({ provider: HOSTILE.toolName, kind: HOSTILE.toolName, rawJson: HOSTILE.rawJson }),
    mediaPart({ mimeType: "text/html", data: Buffer.from(HOSTILE.text).toString("base64"), dataKind: "bytes", name: HOSTILE.mediaName }),
    mediaPart(mediaFromUrl("text/html", HOSTILE.javascriptUrl)),
  ], { note: HOSTILE.metadata }));
  await service.appendMessage(HOSTILE.sessionId, message("tool", [toolResultPart({ id: HOSTILE.toolName, name: HOSTILE.toolName, content: HOSTILE.text, isError: true })]));
  return HOSTILE.sessionId;
}
