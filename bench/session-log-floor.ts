// The floor of validating a JSONL session log, run as its own process by the validate bench: read the
// file in the chunks `partwise validate` reads, split it into lines, decode and JSON.parse each, nothing else.
import { open } from "node:fs/promises";

const CHUNK_BYTES = 1024 * 1024;
const path = process.argv[2];
if (path === undefined) throw new Error("usage: session-log-floor.js FILE");
const handle = await open(path, "r");
const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
let pending: Buffer[] = [];
let lines = 0;
const parse = (text: string) => {
  if (text !== "") {
    JSON.parse(text);
    lines++;
  }
};
for (let position = 0; ; ) {
  const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
  if (bytesRead === 0) break;
  position += bytesRead;
  let from = 0;
  for (let newline = chunk.indexOf(0x0a, 0); newline !== -1 && newline < bytesRead; newline = chunk.indexOf(0x0a, from)) {
    if (pending.length === 0) parse(chunk.toString("utf8", from, newline));
    else {
      pending.push(chunk.subarray(from, newline));
      parse(Buffer.concat(pending).toString("utf8"));
      pending = [];
    }
    from = newline + 1;
  }
  if (from < bytesRead) pending.push(Buffer.from(chunk.subarray(from, bytesRead)));
}
if (pending.length > 0) parse(Buffer.concat(pending).toString("utf8"));
await handle.close();
console.log(JSON.stringify({ lines }));
