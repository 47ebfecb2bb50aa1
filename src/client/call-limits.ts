// The limits of one provider call over fetch: a deadline for the whole call, a first-byte timeout per
// attempt, an idle timeout between body chunks and byte limits on bodies, each ending in a typed
// ProviderLimitError (issue 22 item 2: an endless or silent answer must never hold or grow the client).
import { ProviderLimitError } from "../errors/partwise-error.js";
import { unreachable } from "../parts/part-kinds.js";

/** The time and size limits of provider calls; the defaults are DEFAULT_CALL_LIMITS (README "HTTP limits"). */
export interface CallLimits {
  /** Longest wait for the response head of one attempt, connecting included (default 600 000 ms). */
  readonly firstByteTimeoutMs: number;
  /** Longest silence between two chunks of a response body (default 300 000 ms). */
  readonly idleTimeoutMs: number;
  /** Longest whole call: every attempt, the waits between them and reading the body or stream (default 1 800 000 ms). */
  readonly totalTimeoutMs: number;
  /** Largest blocking response body (default 64 MiB). */
  readonly maxResponseBytes: number;
  /** Largest streaming response body (default 512 MiB). */
  readonly maxStreamBytes: number;
}

/**
 * The defaults: 10 minutes for the head (a blocking call sends its head when the whole answer is ready, and
 * the official SDKs allow 10 minutes), 5 minutes of silence (every provider sends pings or events well
 * within that), 30 minutes in all, 64 MiB for a blocking body and 512 MiB for a stream.
 */
export const DEFAULT_CALL_LIMITS: CallLimits = {
  firstByteTimeoutMs: 600_000,
  idleTimeoutMs: 300_000,
  totalTimeoutMs: 1_800_000,
  maxResponseBytes: 64 * 1024 * 1024,
  maxStreamBytes: 512 * 1024 * 1024,
};

/** How much of an error body is read: enough for any provider's error JSON; the rest is discarded. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

type TimeoutPhase = "first-byte" | "idle" | "total";

const LIMIT_NAMES: Record<TimeoutPhase, string> = {
  "first-byte": "firstByteTimeoutMs",
  idle: "idleTimeoutMs",
  total: "totalTimeoutMs",
};

function timeoutMessage(provider: string, phase: TimeoutPhase, milliseconds: number): string {
  switch (phase) {
    case "first-byte":
      return `${provider}: no response within ${milliseconds} ms (${LIMIT_NAMES[phase]})`;
    case "idle":
      return `${provider}: the response sent nothing for ${milliseconds} ms (${LIMIT_NAMES[phase]})`;
    case "total":
      return `${provider}: the call did not finish within ${milliseconds} ms (${LIMIT_NAMES[phase]})`;
    default:
      return unreachable(phase, "timeout phase");
  }
}

/**
 * A timer that does not by itself keep a Node process running (a stream nobody reads must not hold a
 * command for the 30-minute deadline); the sockets of a call in flight still do, so it fires for them.
 * Browsers' timers have no `unref` and need none.
 */
function unreferenced(timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/**
 * The timers of one call. Its signal (given to fetch and to the backoff waits) aborts with a
 * `provider/timeout` ProviderLimitError when a limit passes, or with the caller's own reason.
 */
export class CallTimer {
  readonly #controller = new AbortController();
  readonly #provider: string;
  readonly #caller: AbortSignal | undefined;
  readonly #total: ReturnType<typeof setTimeout>;
  #phase: ReturnType<typeof setTimeout> | undefined;

  constructor(provider: string, totalTimeoutMs: number, caller: AbortSignal | undefined) {
    this.#provider = provider;
    this.#caller = caller;
    if (caller?.aborted) this.#controller.abort(caller.reason);
    else caller?.addEventListener("abort", this.#onCallerAbort, { once: true });
    this.#total = unreferenced(setTimeout(() => this.#expire("total", totalTimeoutMs), totalTimeoutMs));
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The reason the call was stopped (a timeout or the caller's abort), or undefined while it runs. */
  get stopReason(): unknown {
    return this.#controller.signal.aborted ? this.#controller.signal.reason : undefined;
  }

  /** Starts the timeout of a waiting phase, replacing the previous one. */
  wait(phase: "first-byte" | "idle", milliseconds: number): void {
    clearTimeout(this.#phase);
    this.#phase = unreferenced(setTimeout(() => this.#expire(phase, milliseconds), milliseconds));
  }

  /** Ends the waiting phase: what was awaited arrived. */
  arrived(): void {
    clearTimeout(this.#phase);
    this.#phase = undefined;
  }

  /** Clears every timer; the call is over. */
  dispose(): void {
    this.arrived();
    clearTimeout(this.#total);
    this.#caller?.removeEventListener("abort", this.#onCallerAbort);
  }

  readonly #onCallerAbort = (): void => this.#controller.abort(this.#caller?.reason);

  #expire(phase: TimeoutPhase, milliseconds: number): void {
    this.#controller.abort(
      new ProviderLimitError("provider/timeout", this.#provider, timeoutMessage(this.#provider, phase, milliseconds), { phase, limitMs: milliseconds, limit: LIMIT_NAMES[phase] }),
    );
  }
}

/** What to do when a body passes its byte limit: fail with `provider/response-too-large`, or stop reading. */
export type OverLimit = "fail" | "truncate";

/**
 * The chunks of a response body, each awaited under the idle timeout, with at most `maxBytes` in all.
 * A read stopped by the timer rethrows the timer's reason; stopping early cancels the body.
 */
export async function* limitedBody(
  response: Response,
  timer: CallTimer,
  limits: { readonly idleTimeoutMs: number; readonly maxBytes: number; readonly limit: string; readonly overLimit: OverLimit },
  provider: string,
): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let received = 0;
  let finished = false;
  try {
    for (;;) {
      timer.wait("idle", limits.idleTimeoutMs);
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        throw timer.stopReason ?? error;
      }
      timer.arrived();
      if (step.done) {
        finished = true;
        return;
      }
      const room = limits.maxBytes - received;
      received += step.value.length;
      if (received > limits.maxBytes) {
        if (limits.overLimit === "truncate") {
          if (room > 0) yield step.value.subarray(0, room);
          return;
        }
        throw new ProviderLimitError("provider/response-too-large", provider, `${provider}: the response is larger than ${limits.maxBytes} bytes (${limits.limit}); it was not read further`, {
          limitBytes: limits.maxBytes,
          limit: limits.limit,
        });
      }
      yield step.value;
    }
  } finally {
    timer.arrived();
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** A whole (bounded) body as UTF-8 text. */
export async function limitedText(body: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
