// `partwise --provider-module ./acme.js`: the acme provider built into one ES module (with its own copy of
// partwise bundled in, as a user's build would make it) and loaded by the CLI in its own process for
// decode, encode, validate and chat; and the usage errors of modules that do not load or export nothing valid.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type History, messageToJson, registerProvider, unregisterProvider } from "../../src/index.js";
import { runCli } from "../support/cli-process.js";
import { temporaryDirectory } from "../support/temporary-directory.js";
import { ACME_ANSWER, ACME_THOUGHT, type AcmeSimulator, startAcmeSimulator } from "./acme/acme-simulator.js";
import { acmeCodec } from "./acme/acme-codec.js";
import { acmeRegistration } from "./acme/index.js";

const directory = temporaryDirectory("provider-module");
const API_KEY = "acme-cli-key";
const prompt = [{ role: "user" as const, parts: [{ type: "text" as const, text: "Is it raining in Oslo?" }] }];

let simulator: AcmeSimulator;
beforeAll(async () => {
  registerProvider(acmeRegistration);
  simulator = await startAcmeSimulator({ apiKey: API_KEY, secret: "acme-cli-secret" });
  // The user's project: an ES module package holding the built provider module.
  writeFileSync(join(directory, "package.json"), JSON.stringify({ type: "module" }));
  await build({ entryPoints: [fileURLToPath(new URL("./acme/index.ts", import.meta.url))], bundle: true, format: "esm", platform: "node", outfile: join(directory, "acme.js"), logLevel: "silent" });
  writeFileSync(join(directory, "no-default.js"), "export const acme = 1;\n");
  writeFileSync(join(directory, "built-in-id.js"), 'import acme from "./acme.js";\nexport default { codec: { ...acme.codec, id: "anthropic" }, description: { ...acme.description, id: "anthropic" } };\n');
});
afterAll(async () => {
  await simulator.close();
  unregisterProvider("acme");
});

/** Runs the CLI in the user's project directory. */
function partwise(...argv: string[]) {
  return runCli(argv, { cwd: directory });
}

async function simulatorReply(stream: boolean): Promise<string> {
  const body = { ...acmeCodec.encodeRequest(prompt).body, model: "acme-think-1", stream };
  const response = await fetch(`${simulator.url}/v1/think`, { method: "POST", headers: { "x-acme-key": API_KEY, "content-type": "application/json" }, body: JSON.stringify(body) });
  return response.text();
}

function sealedHistory(): History {
  return {
    format: "partwise.history",
    version: 1,
    messages: [
      ...prompt,
      { role: "assistant", parts: [{ type: "reasoning", text: ACME_THOUGHT, payload: { provider: "acme", kind: "seal", data: simulator.seal(ACME_THOUGHT) } }] },
    ],
  };
}

describe("partwise --provider-module", () => {
  it("decodes a blocking reply and a raw SSE stream of the registered provider into the same message", async () => {
    const reply = await simulatorReply(false);
    writeFileSync(join(directory, "reply.json"), reply);
    writeFileSync(join(directory, "reply.sse"), await simulatorReply(true));
    const blocking = await partwise("decode", "--provider-module", "./acme.js", "--provider", "acme", "reply.json");
    const streamed = await partwise("decode", "--provider-module=./acme.js", "--provider", "acme", "--stream", "reply.sse");
    expect(blocking).toMatchObject({ status: 0, stderr: "" });
    expect(JSON.parse(blocking.stdout)).toEqual(messageToJson(acmeCodec.decodeResponse(JSON.parse(reply)).message));
    expect(streamed.stdout).toBe(blocking.stdout);
  });

  it("encodes a history with the seal replayed, as the codec does in process", async () => {
    writeFileSync(join(directory, "history.json"), JSON.stringify(sealedHistory()));
    const result = await partwise("encode", "--provider-module", "./acme.js", "--provider", "acme", "history.json");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(acmeCodec.encodeRequest(sealedHistory()).body);
    expect(result.stdout).toContain(simulator.seal(ACME_THOUGHT));
  });

  it("validates acme payloads and --target acme with the module, and reports them without it", async () => {
    const path = join(directory, "validate.json");
    writeFileSync(path, JSON.stringify(sealedHistory()));
    const withModule = await partwise("validate", "--provider-module", "./acme.js", "--target", "acme", path);
    expect(withModule.status).toBe(0);
    expect(withModule.stdout).toContain(`${path}: valid (`);
    const without = await partwise("validate", path);
    expect(without.status).toBe(1);
    expect(without.stdout).toContain('/messages/1/parts/0/payload/provider: payload provider "acme" is not a known provider id');
    const targetWithout = await partwise("validate", "--target", "acme", path);
    expect(targetWithout.status).toBe(2);
    expect(targetWithout.stderr).toContain('--target names no provider: "acme"');
  });

  it("runs the chat tool loop against the acme simulator with the seal sent back", async () => {
    const before = simulator.requests.length;
    const result = await partwise("chat", "--provider-module", "./acme.js", "--provider", "acme", "--base-url", simulator.url, "--api-key", API_KEY, "Is it raining in Oslo?");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(ACME_ANSWER);
    const second = simulator.requests[before + 1] as { turns: { items: unknown[] }[] };
    expect(second.turns[1]?.items[0]).toEqual({ type: "thought", text: ACME_THOUGHT, seal: simulator.seal(ACME_THOUGHT) });
  });

  it.each([
    ["a module that does not exist", ["--provider-module", "./missing.js"], "--provider-module ./missing.js: cannot load the module"],
    ["a module without a default export", ["--provider-module", "./no-default.js"], "--provider-module ./no-default.js: the module has no default export"],
    ["a module registering a built-in id", ["--provider-module", "./built-in-id.js"], 'provider "anthropic" is built into partwise'],
    ["the option without a path", ["--provider-module"], "--provider-module needs a PATH"],
  ])("exits 2 naming the module and why for %s", async (_case, options, message) => {
    const result = await partwise("encode", "--provider", "acme", "history.json", ...options);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it("names the option in partwise --help", async () => {
    expect((await partwise("--help")).stdout).toContain("--provider-module PATH");
  });
});
