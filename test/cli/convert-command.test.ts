// `partwise convert` in its own process: files and standard input, every format of the table both ways,
// warnings on stderr (lines or --json), and the exit statuses 0 / 1 (invalid input, --strict loss) / 2 (usage).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { History } from "../../generated/types.js";
import { MESSAGE_FORMATS } from "../../src/interop/formats.js";
import { validHistory } from "../hostile/hostile-inputs.js";
import { runCli } from "../support/cli-process.js";

const pydanticFixture = fileURLToPath(new URL("../fixtures/pydantic-ai/openai-responses-reasoning.json", import.meta.url));
const directory = mkdtempSync(join(tmpdir(), "partwise-convert-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const history = validHistory;

/** A history with a piece Pydantic AI has no place for: an Anthropic server tool block kept as unknown. */
const lossy: History = {
  ...history,
  messages: [...history.messages, { role: "assistant", parts: [{ type: "unknown", provider: "anthropic", kind: "server_tool_use", rawJson: "{\"type\":\"server_tool_use\"}" }] }],
};

function file(name: string, content: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

describe("partwise convert", () => {
  it("writes Pydantic AI JSON on stdout with no warnings when the history fits it", async () => {
    const result = await runCli(["convert", "--from", "partwise", "--to", "pydantic-ai", file("history.json", history)]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const written = JSON.parse(result.stdout) as { kind: string; parts: { part_kind: string; signature?: string }[] }[];
    expect(written.map((message) => message.kind)).toEqual(["request", "response", "request", "response"]);
    expect(written[1]?.parts[0]).toMatchObject({ part_kind: "thinking", signature: "c2ln", provider_name: "anthropic" });
  });

  it("reads standard input when the file is - and gives back the same history through pydantic-ai", async () => {
    const there = await runCli(["convert", "--from", "partwise", "--to", "pydantic-ai", "-"], { stdin: JSON.stringify(history) });
    const back = await runCli(["convert", "--from", "pydantic-ai", "--to", "partwise"], { stdin: there.stdout });
    expect(back.status).toBe(0);
    // The signed reasoning reads back naming its signature's provider (docs/convert-pydantic-ai.md, normalizations).
    const [question, answer, ...rest] = history.messages;
    const signed = { ...answer!, parts: answer!.parts.map((part) => (part.type === "reasoning" ? { ...part, attributes: { provider: "anthropic" } } : part)) };
    expect(JSON.parse(back.stdout)).toEqual({ ...history, messages: [question, signed, ...rest] });
  });

  it("reads Pydantic AI's own JSON into a partwise history when given a fixture file", async () => {
    const result = await runCli(["convert", "--from", "pydantic-ai", "--to", "partwise", pydanticFixture]);
    expect(result.status).toBe(0);
    const converted = JSON.parse(result.stdout) as History;
    expect(converted.format).toBe("partwise.history");
    expect(converted.messages[1]?.parts[0]?.payload).toMatchObject({ provider: "openai.responses", kind: "encrypted_content" });
  });

  it.each(MESSAGE_FORMATS.filter((format) => format.read !== undefined).map((format) => format.id))("converts a history to %s and back to partwise when both directions exist", async (id) => {
    const there = await runCli(["convert", "--from", "partwise", "--to", id, file(`to-${id}.json`, history)]);
    expect(there.status).toBe(0);
    const back = await runCli(["convert", "--from", id, "--to", "partwise", file(`from-${id}.json`, there.stdout)]);
    expect(back.status).toBe(0);
    expect((JSON.parse(back.stdout) as History).messages.flatMap((message) => message.parts).length).toBeGreaterThan(0);
  });

  it("prints one warning line per lost piece with its pointer and exits 0 when a piece has no place", async () => {
    const result = await runCli(["convert", "--from", "partwise", "--to", "pydantic-ai", file("lossy.json", lossy)]);
    expect(result.status).toBe(0);
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^warning: \/messages\/4\/parts\/0: pydantic-ai: .*\(convert\/part-lost\)$/)]);
    expect(JSON.parse(result.stdout)).toHaveLength(5);
  });

  it("prints the warnings as a JSON array of error objects when --json is given", async () => {
    const result = await runCli(["convert", "--from", "partwise", "--to", "pydantic-ai", "--json", file("lossy-json.json", lossy)]);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stderr)).toEqual([expect.objectContaining({ code: "convert/part-lost", pointer: "/messages/4/parts/0" })]);
  });

  it("exits 1 and writes nothing when --strict is given and a piece would be lost", async () => {
    const result = await runCli(["convert", "--from", "partwise", "--to", "pydantic-ai", "--strict", file("lossy-strict.json", lossy)]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("convert/part-lost");
  });

  it("exits 1 naming the line and column when the input is not JSON", async () => {
    const result = await runCli(["convert", "--from", "pydantic-ai", "--to", "partwise", file("broken.json", "[\n  {\"kind\": \"request\",\n")]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/broken\.json:\d+(:\d+)?/);
  });

  it("exits 1 with the pointer when the input is not the format it is read as", async () => {
    const result = await runCli(["convert", "--from", "pydantic-ai", "--to", "partwise", "--json", file("not-pydantic.json", [{ kind: "response", parts: [{ part_kind: "tool-call" }] }])]);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual([expect.objectContaining({ code: "convert/invalid-input", pointer: expect.stringMatching(/^\/0\/parts\/0/) })]);
  });

  it("exits 2 when a format is unknown, missing, or the file does not exist", async () => {
    const unknown = await runCli(["convert", "--from", "crewai", "--to", "partwise", pydanticFixture]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("known: partwise, ai-sdk, ui-message, langchain, pydantic-ai, otel");
    expect((await runCli(["convert", "--to", "partwise", pydanticFixture])).status).toBe(2);
    const missing = await runCli(["convert", "--from", "pydantic-ai", "--to", "partwise", join(directory, "absent.json")]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("no such file");
  });

  it("stops reading an endless standard input at --max-input-bytes", async () => {
    const result = await runCli(["convert", "--from", "pydantic-ai", "--to", "partwise", "--max-input-bytes", "65536"], { stdinPath: "/dev/zero" });
    expect([result.status, result.stderr]).toEqual([1, expect.stringContaining("larger than 65536 bytes")]);
  });

  it("lists every format of the table when asked for --help", async () => {
    const result = await runCli(["convert", "--help"]);
    expect(result.status).toBe(0);
    for (const format of MESSAGE_FORMATS) expect(result.stdout).toContain(format.id);
  });
});
