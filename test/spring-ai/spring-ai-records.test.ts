// Spring AI 2.1 reads what partwise writes: a Java program of ours (records/, Spring AI's part records with
// the rules their constructors enforce, on Debian's Jackson) reads and re-writes every conformance history,
// every message each codec decodes from the recorded fixtures and Spring's own JSON; partwise reads the
// result back equal. Rules: reference/spring-ai-2.1-parts-and-session.md §1.1-1.4.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { History, Part } from "../../generated/types.js";
import { partsEqual } from "../../src/parts/equality.js";
import { FUTURE_PART_PROVIDER } from "../../src/parts/part-kinds.js";
import { parseHistory } from "../../src/parts/parse.js";
import { serialize } from "../../src/parts/serialize.js";
import { committedProviderVectors } from "../conformance/provider-vectors.js";
import { temporaryDirectory } from "../support/temporary-directory.js";
import { command, JACKSON_CLASSPATH, MINUTE } from "../support/toolchains.js";

const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));
const records = fileURLToPath(new URL("./records/", import.meta.url));
const histories = join(repositoryRoot, "test/conformance/histories");

interface Case {
  readonly name: string;
  /** The history as partwise wrote it. */
  readonly history: History;
}

interface RunnerLine {
  readonly name: string;
  readonly output?: unknown;
  readonly error?: string;
}

/** Every conformance history partwise reads (the valid ones and those that only break replay), as partwise writes it. */
function historyVectorCases(): Case[] {
  return (["valid", "invalid"] as const).flatMap((group) => readdirSync(join(histories, group)).sort().flatMap((file) => {
    const vector = JSON.parse(readFileSync(join(histories, group, file), "utf8")) as { check?: string; document: unknown };
    return group === "valid" || vector.check === "replay" ? [{ name: `histories/${group}/${file}`, history: parseHistory(vector.document) }] : [];
  }));
}

/** What each codec decodes from each recorded fixture (the provider vectors, checked against the codecs by provider-vectors.test.ts). */
function decodedFixtureCases(): Case[] {
  return [...committedProviderVectors()].flatMap(([path, content]) => {
    const { expected } = JSON.parse(content) as { expected: { message?: unknown } };
    return expected.message === undefined ? [] : [{ name: `providers/${path}`, history: parseHistory([expected.message]) }];
  });
}

/** The part JSON Spring AI writes (nulls and empty attributes written), one history of all of it. */
function springJsonCase(): Case {
  const lines = readFileSync(join(repositoryRoot, "test/fixtures/spring-ai/parts.jsonl"), "utf8").trim().split("\n");
  return { name: "fixtures/spring-ai/parts.jsonl", history: parseHistory(`[{"role":"assistant","parts":[${lines.join(",")}]}]`) };
}

const cases = [...historyVectorCases(), ...decodedFixtureCases(), springJsonCase()];

/** Documents Spring AI's records must refuse, in the shapes partwise wrote before, or that its schema lets through only partly. */
const refused: Record<string, { document: unknown; error: RegExp }> = {
  "a part without attributes": {
    document: { format: "partwise.history", version: 1, messages: [{ role: "assistant", parts: [{ type: "text", text: "Light rain in Oslo." }] }] },
    error: /attributes must not be null/,
  },
  "a payload with a blank provider": {
    document: { format: "partwise.history", version: 1, messages: [{ role: "assistant", parts: [{ type: "reasoning", text: "t", payload: { provider: " ", kind: "signature", data: "Eq" }, attributes: {} }] }] },
    error: /provider must not be empty/,
  },
  "a tool call with a null name": {
    document: { format: "partwise.history", version: 1, messages: [{ role: "assistant", parts: [{ type: "tool_call", toolCall: { id: "c1", type: "function", name: null, arguments: "{}" }, attributes: {} }] }] },
    error: /toolCall.name must not be null/,
  },
  "media of an unknown data kind": {
    document: { format: "partwise.history", version: 1, messages: [{ role: "user", parts: [{ type: "media", media: { mimeType: "image/png", data: "AA==", dataKind: "base64" }, attributes: {} }] }] },
    error: /dataKind base64 is none of bytes, string, url/,
  },
};

const workspace = temporaryDirectory("spring-ai-records");
let results = new Map<string, RunnerLine>();

beforeAll(async () => {
  await command(join(repositoryRoot, ".ci/install-toolchains"), [], { cwd: repositoryRoot });
  const sources = readdirSync(records).filter((file) => file.endsWith(".java")).map((file) => join(records, file));
  await command("javac", ["-Xlint:all", "-Werror", "-encoding", "UTF-8", "-cp", JACKSON_CLASSPATH, "-d", join(workspace, "classes"), ...sources], { cwd: workspace });
  const input = join(workspace, "input.jsonl");
  const lines = [
    ...cases.map(({ name, history: written }) => JSON.stringify({ name, document: JSON.parse(serialize(written)) })),
    ...Object.entries(refused).map(([name, { document }]) => JSON.stringify({ name, document })),
  ];
  writeFileSync(input, `${lines.join("\n")}\n`);
  const stdout = await command("java", ["-cp", `${join(workspace, "classes")}:${JACKSON_CLASSPATH}`, "ReadAndWrite", input], { cwd: workspace });
  results = new Map(stdout.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as RunnerLine).map((line) => [line.name, line]));
}, 10 * MINUTE);

function result(name: string): RunnerLine {
  const line = results.get(name);
  if (!line) throw new Error(`the Java program printed nothing for ${name}`);
  return line;
}

/**
 * Equal as partwise compares parts, except that Spring AI names the producer of a part of a later format
 * version `spring-ai` where partwise says `partwise`, and keeps that part's node as Jackson prints it.
 */
function sameAfterSpring(written: Part, read: Part): boolean {
  if (written.type === "unknown" && written.provider === FUTURE_PART_PROVIDER && read.type === "unknown") {
    return read.provider === "spring-ai" && read.kind === written.kind && JSON.stringify(JSON.parse(read.rawJson)) === JSON.stringify(JSON.parse(written.rawJson));
  }
  if (written.type === "tool_result" && read.type === "tool_result") {
    return partsEqual({ ...written, content: [] }, { ...read, content: [] }) && written.content.length === read.content.length
      && written.content.every((part, index) => sameAfterSpring(part, read.content[index]!));
  }
  return partsEqual(written, read);
}

describe("Spring AI's part records (records/SpringParts.java)", () => {
  it("are given the conformance histories, every codec's decoded fixtures and Spring's own JSON", () => {
    expect(cases.filter(({ name }) => name.startsWith("histories/")).length).toBeGreaterThan(10);
    expect(cases.filter(({ name }) => name.startsWith("providers/")).length).toBeGreaterThan(100);
    expect(new Set(cases.filter(({ name }) => name.startsWith("providers/")).map(({ name }) => name.split("/")[1]))).toEqual(
      new Set(["anthropic", "bedrock", "deepseek", "google", "mistral", "ollama", "openai.chat", "openai.responses"]),
    );
  });

  it.each(cases.map(({ name }) => [name]))("read and re-write what partwise writes for %s, which partwise reads back equal", (name) => {
    const written = cases.find((entry) => entry.name === name)!.history;
    const line = result(name);
    expect(line.error).toBeUndefined();
    const read = parseHistory(line.output);
    expect(read.messages.map((message) => [message.role, message.parts.length, message.metadata ?? {}]))
      .toEqual(written.messages.map((message) => [message.role, message.parts.length, message.metadata ?? {}]));
    read.messages.forEach((message, messageIndex) => message.parts.forEach((part, partIndex) => {
      const original = written.messages[messageIndex]!.parts[partIndex]!;
      expect(sameAfterSpring(original, part), `${name}: /messages/${messageIndex}/parts/${partIndex} came back as ${JSON.stringify(part)}`).toBe(true);
    }));
  });

  it.each(Object.keys(refused).map((name) => [name]))("refuse %s, as Spring AI does", (name) => {
    expect(result(name)).toEqual({ name, error: expect.stringMatching(refused[name]!.error) });
  });
});
