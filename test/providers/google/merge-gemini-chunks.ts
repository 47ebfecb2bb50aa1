// The independent oracle for Gemini streams: a hand merge of the recorded chunks into the blocking
// response they stand for, done on the wire JSON and written from the documented stream semantics, not
// from the codec. Each chunk's parts are new parts or fragments: consecutive answer text, or consecutive
// thought text, continues one part; a signature stays with the part it came on, and an empty text carrying
// only a signature closes the answer run before it (after a thought it is an answer part of its own); two
// parts with different signatures never combine (https://ai.google.dev/gemini-api/docs/thought-signatures);
// Vertex AI `partialArgs` fragments set values at their JSON paths (string pieces appended while
// `willContinue`) until a fragment without `willContinue` closes the call. Grounding and URL-context
// metadata come whole: chunks before the one that has them carry them empty (`{}`) or not at all.

type Json = Record<string, unknown>;

interface Run {
  thought: boolean;
  text: string;
  signature?: string;
}

interface Call {
  functionCall: { name: string; id?: string; args: Json };
  signature?: string;
  pieces: Set<string>;
  /** Its place in the parts, taken when the call opened: parts between its fragments come after it. */
  place: Json;
}

/** `$.a[0]['b c']` -> ["a", 0, "b c"]. */
function pathSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const match of path.slice(1).matchAll(/\.([^.[\]]+)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/g)) {
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[1] !== undefined) segments.push(match[1]);
    else segments.push(unescapeMember(match[3] ?? match[4]!, match[3] === undefined ? '"' : "'"));
  }
  return segments;
}

/** A quoted member name's text (RFC 9535 §2.3.1.1): JSON string escapes, plus an escaped quote of its kind. */
function unescapeMember(text: string, quote: string): string {
  let name = "";
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    if (character !== "\\") {
      name += character;
      continue;
    }
    const escaped = text[++at]!;
    if (escaped === "u") {
      name += String.fromCharCode(Number.parseInt(text.slice(at + 1, at + 5), 16));
      at += 4;
    } else {
      name += ({ b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" } as Record<string, string>)[escaped] ?? (escaped === quote || escaped === "\\" || escaped === "/" ? escaped : `\\${escaped}`);
    }
  }
  return name;
}

/** Sets a member as JSON data: a member named `__proto__` is an own property, never the prototype. */
function put(holder: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(holder, key, { value, writable: true, enumerable: true, configurable: true });
}

function setAt(call: Call, fragment: Json): void {
  const path = fragment.jsonPath as string;
  const segments = pathSegments(path);
  let node: Json | unknown[] = call.functionCall.args;
  segments.slice(0, -1).forEach((segment, position) => {
    const holder = node as Record<string | number, unknown>;
    if (!Object.hasOwn(holder, segment)) put(holder, segment, typeof segments[position + 1] === "number" ? [] : {});
    node = holder[segment] as Json;
  });
  const holder = node as Record<string | number, unknown>;
  const key = segments.at(-1)!;
  if ("stringValue" in fragment) {
    put(holder, key, call.pieces.has(path) ? `${holder[key] as string}${fragment.stringValue as string}` : fragment.stringValue);
    if (fragment.willContinue === true) call.pieces.add(path);
    else call.pieces.delete(path);
  } else if ("numberValue" in fragment) put(holder, key, fragment.numberValue);
  else if ("boolValue" in fragment) put(holder, key, fragment.boolValue);
  else if ("nullValue" in fragment) put(holder, key, null);
}

/** The blocking-form response of a recorded stream, for one candidate. */
export function mergeGeminiChunks(chunks: readonly Json[], candidateIndex = 0): Json {
  const parts: Json[] = [];
  let run: Run | undefined;
  let call: Call | undefined;
  const last: Json = {};
  let finishReason: unknown;
  const candidateFields: Json = {};
  let seen = false;

  const flushRun = () => {
    if (run) parts.push({ text: run.text, ...(run.thought ? { thought: true } : {}), ...(run.signature ? { thoughtSignature: run.signature } : {}) });
    run = undefined;
  };
  const flushCall = () => {
    if (call) Object.assign(call.place, { functionCall: call.functionCall, ...(call.signature ? { thoughtSignature: call.signature } : {}) });
    call = undefined;
  };

  for (const chunk of chunks) {
    for (const key of ["usageMetadata", "modelVersion", "responseId", "promptFeedback"]) if (chunk[key] !== undefined) last[key] = chunk[key];
    const candidate = ((chunk.candidates ?? []) as Json[]).find((entry) => (entry.index ?? 0) === candidateIndex);
    if (!candidate) continue;
    seen = true;
    if (candidate.finishReason !== undefined) finishReason = candidate.finishReason;
    for (const key of ["groundingMetadata", "urlContextMetadata"]) {
      const value = candidate[key] as Json | undefined;
      if (value !== undefined && Object.keys(value).length > 0) candidateFields[key] = value;
    }
    for (const part of (((candidate.content as Json | undefined)?.parts ?? []) as Json[])) {
      const signature = part.thoughtSignature as string | undefined;
      const functionCall = part.functionCall as Json | undefined;
      if (functionCall) {
        if (call && !functionCall.name) {
          for (const fragment of (functionCall.partialArgs ?? []) as Json[]) setAt(call, fragment);
          if (functionCall.willContinue !== true) flushCall();
          continue;
        }
        flushCall();
        flushRun();
        if (functionCall.willContinue === true || functionCall.partialArgs) {
          call = { functionCall: { name: functionCall.name as string, args: {} }, pieces: new Set(), place: {}, ...(signature ? { signature } : {}) };
          parts.push(call.place);
          for (const fragment of (functionCall.partialArgs ?? []) as Json[]) setAt(call, fragment);
          if (functionCall.willContinue !== true) flushCall();
        } else if (Object.keys(functionCall).length > 0) {
          parts.push(part);
        }
        continue;
      }
      // Other parts may come between a streamed call's fragments; the call stays open.
      if (typeof part.text === "string") {
        const thought = part.thought === true;
        const text = part.text;
        if (text === "" && !signature && !thought) continue;
        // An empty answer text with a signature closes an answer run; after a thought it starts the answer.
        const closesRun = text === "" && signature !== undefined && run !== undefined && !thought && !run.thought;
        const continuesRun = run !== undefined && run.thought === thought;
        const clashes = signature !== undefined && run?.signature !== undefined && run.signature !== signature;
        if ((closesRun || continuesRun) && !clashes) {
          run!.text += text;
          if (signature) run!.signature = signature;
        } else {
          flushRun();
          run = { thought, text, ...(signature ? { signature } : {}) };
        }
        continue;
      }
      flushRun();
      parts.push(part);
    }
  }
  flushCall();
  flushRun();
  // A prompt blocked before any candidate: the response has none either.
  if (!seen) return last;
  return {
    candidates: [{ content: { role: "model", parts }, ...(finishReason === undefined ? {} : { finishReason }), index: candidateIndex, ...candidateFields }],
    ...last,
  };
}
