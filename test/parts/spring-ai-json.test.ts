import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseHistory, parsePart } from "../../src/parts/parse.js";
import { serialize } from "../../src/parts/serialize.js";

const lines = readFileSync(new URL("../fixtures/spring-ai/parts.jsonl", import.meta.url), "utf8").trim().split("\n");

describe("parsePart", () => {
  it.each(lines.map((line) => [JSON.parse(line).type + " " + line.slice(0, 60), line]))(
    "accepts Spring AI's JSON form as is and re-serializes it unchanged when the part is %s",
    (_name, line) => {
      const part = parsePart(line);
      expect(serialize(part)).toBe(line);
    },
  );

  it("keeps null and absent apart when a history mixes Spring AI and partwise forms", () => {
    const history = `{"format":"partwise.history","version":1,"messages":[{"role":"assistant","parts":[${lines.join(",")},{"type":"text","text":"compact","attributes":{}}]}]}`;
    expect(serialize(parseHistory(history))).toBe(history);
  });
});
