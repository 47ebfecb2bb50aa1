// Wire readers for the SSE framing most providers share: each `data:` payload parsed as JSON (named
// `event:`s kept), with the sentinels a provider sends as plain text (`[DONE]`) passed through or dropped.
import { type ServerSentEvent, ServerSentEventDecoder } from "./framing/server-sent-events.js";
import type { WireEvent, WireReader } from "./provider-codec.js";
import { parseWireJson } from "./wire-validation.js";

export interface ServerSentEventReaderOptions {
  /** Data payloads that are not JSON and are handed on as the string itself (e.g. `[DONE]`). */
  readonly passThrough?: readonly string[];
  /** Data payloads that are not JSON and carry nothing (dropped). */
  readonly ignore?: readonly string[];
}

/** A reader of SSE bytes into wire events. */
export function serverSentEventReader(provider: string, options: ServerSentEventReaderOptions = {}): WireReader {
  const decoder = new ServerSentEventDecoder(provider);
  const toWireEvents = (events: readonly ServerSentEvent[]): WireEvent[] => {
    const wire: WireEvent[] = [];
    for (const event of events) {
      if (options.ignore?.includes(event.data)) continue;
      const data = options.passThrough?.includes(event.data) ? event.data : parseWireJson(event.data, provider, event.position);
      wire.push(event.event === undefined ? { data, position: event.position } : { name: event.event, data, position: event.position });
    }
    return wire;
  };
  return {
    push: (bytes) => toWireEvents(decoder.push(bytes)),
    end: () => toWireEvents(decoder.end()),
  };
}
