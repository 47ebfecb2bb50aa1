// A writer process for the multi-process tests, run as `node --import tsx append-worker.ts MODE ...`.
//   append URL SESSION WORKER COUNT  prints "ready", waits for "go" on stdin, appends COUNT messages
//                                    (ids w<WORKER>-<n>), each checked against the version it last saw
//                                    and retried on a conflict, then prints a JSON summary line.
//   batch URL SESSION SIZE BYTES     prints "batch-started" and appends one batch of SIZE messages of
//                                    about BYTES each; the test kills it while that batch is written.
import { createInterface } from "node:readline";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { openSessionService } from "../../src/session/open-session-store.js";
import { user } from "../support/session-fixtures.js";

const [mode, url, sessionId, ...rest] = process.argv.slice(2);
if (!url || !sessionId) throw new Error("usage: append-worker.ts append|batch URL SESSION ...");
const service = await openSessionService(url);

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

if (mode === "append") {
  const worker = Number(rest[0]);
  const count = Number(rest[1]);
  say("ready");
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) if (line === "go") break;
  let conflicts = 0;
  let attempts = 0;
  const otherErrors: string[] = [];
  let version = (await service.findById(sessionId))!.version;
  for (let index = 0; index < count; index++) {
    for (;;) {
      attempts++;
      try {
        version = (await service.appendMessage(sessionId, user(`worker ${worker} message ${index}`), { id: `w${worker}-${index}`, expectedVersion: version })).seq!;
        break;
      } catch (error) {
        // The loser learns the version it lost to from the error, and retries against it.
        if (PartwiseError.isPartwiseError(error) && error.code === "session/version-conflict") {
          conflicts++;
          version = error.details!.actualVersion as number;
        } else {
          otherErrors.push(String(error));
          break;
        }
      }
    }
  }
  say(JSON.stringify({ worker, appended: count - otherErrors.length, conflicts, attempts, otherErrors }));
} else if (mode === "batch") {
  const size = Number(rest[0]);
  const bytes = Number(rest[1]);
  const filler = "x".repeat(bytes);
  const events = Array.from({ length: size }, (_, index) => ({ id: `batch-${index}`, type: "MESSAGE", message: user(`${index} ${filler}`) }) as const);
  say("batch-started");
  await service.appendEvents(sessionId, events);
  say("batch-written");
} else {
  throw new Error(`unknown mode ${mode}`);
}
await service.close();
