// Wire readers for the SSE framing most providers share: each `data:` payload parsed as JSON (named
// `event:`s kept), with the sentinels a provider sends as plain text (`[DONE]`) passed through or dropped;
// and the one way every reader turns framed items into wire events without losing those before a failure.
import { CompletedBeforeFailure } from "./framing/completed-before-failure.js";
import { ServerSentEventFraming } from "./framing/server-sent-events.js";
import type { WireEvent, WireReader } from "./provider-codec.js";
import { parseWireJson } from "./wire-validation.js";

/** The wire events a failed reader push or end completed before its error (decodeStream decodes them first). */
export const wireEventsBeforeFailure: CompletedBeforeFailure<WireEvent> = new CompletedBeforeFailure();

/** A framing decoder: the items each chunk of bytes completes, and those left when the bytes end. */
export interface FramingDecoder<Framed> {
  push(bytes: Uint8Array): Framed[];
  end(): Framed[];
}

/**
 * A wire reader over a framing decoder, each framed item made a wire event by `toWireEvent` (undefined
 * drops it). A failure in the framing or in `toWireEvent` is raised as it is, with the wire events the
 * same chunk completed before it in `wireEventsBeforeFailure`, so they are decoded before the error.
 */
export function framedWireReader<Framed>(
  framing: FramingDecoder<Framed>,
  framedBeforeFailure: CompletedBeforeFailure<Framed>,
  toWireEvent: (framed: Framed) => WireEvent | undefined,
): WireReader {
  const wireEvents = (framed: readonly Framed[]): WireEvent[] => {
    const events: WireEvent[] = [];
    // One try per chunk, not per event, so the good path costs nothing more.
    try {
      for (const item of framed) {
        const event = toWireEvent(item);
        if (event !== undefined) events.push(event);
      }
    } catch (error) {
      wireEventsBeforeFailure.raise(error, events);
    }
    return events;
  };
  const failed = (error: unknown): never => wireEventsBeforeFailure.raise(error, wireEvents(framedBeforeFailure.of(error)));
  return {
    push(bytes) {
      let framed: Framed[];
      try {
        framed = framing.push(bytes);
      } catch (error) {
        return failed(error);
      }
      return wireEvents(framed);
    },
    end() {
      let framed: Framed[];
      try {
        framed = framing.end();
      } catch (error) {
        return failed(error);
      }
      return wireEvents(framed);
    },
  };
}

export interface ServerSentEventReaderOptions {
  /** Data payloads that are not JSON and are handed on as the string itself (e.g. `[DONE]`). */
  readonly passThrough?: readonly string[];
  /** Data payloads that are not JSON and carry nothing (dropped). */
  readonly ignore?: readonly string[];
}

/** A wire event whose data is the event's text until the reader parses it in place. */
interface UnparsedWireEvent {
  readonly name?: string;
  data: unknown;
  readonly position: number;
}

/** The events a failed SSE chunk completed, not parsed yet. */
const unparsedBeforeFailure: CompletedBeforeFailure<UnparsedWireEvent> = new CompletedBeforeFailure();

function unparsedWireEvent(name: string | undefined, data: string, _id: string | undefined, position: number): UnparsedWireEvent {
  return name === undefined ? { data, position } : { name, data, position };
}

/**
 * A reader of SSE bytes into wire events. The parser makes each event its wire event with the data still
 * text (no ServerSentEvent in between), and the chunk's events are parsed in place once it returns: two
 * tight loops, where interleaving JSON.parse with the scan ran slower.
 */
export function serverSentEventReader(provider: string, options: ServerSentEventReaderOptions = {}): WireReader {
  const { ignore, passThrough } = options;
  const framing = new ServerSentEventFraming(provider, {}, unparsedWireEvent, unparsedBeforeFailure);
  return framedWireReader(framing, unparsedBeforeFailure, (event): WireEvent | undefined => {
    const text = event.data as string;
    if (ignore?.includes(text)) return undefined;
    if (passThrough === undefined || !passThrough.includes(text)) event.data = parseWireJson(text, provider, event.position);
    return event;
  });
}
