import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { runSimulate } from "../../src/cli/simulate-command.js";
import { json, post } from "./wire-requests.js";

function collector() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) }, out, err };
}

/** Waits until the command printed its URL. */
async function listening(out: string[]): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out[0] ?? "")?.[1];
    if (url) return url;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the simulator did not start");
}

describe("runSimulate", () => {
  it("serves the provider, prints the client's variables, and exits 0 when stopped", async () => {
    const { io, out } = collector();
    const stop = new AbortController();
    const running = runSimulate(["--provider", "deepseek", "--api-key", "sk-cli", "--secret", "s3cret"], io, { signal: stop.signal });
    const url = await listening(out);
    expect(out).toContain(`  DEEPSEEK_BASE_URL=${url}`);
    expect(out).toContain("  DEEPSEEK_API_KEY=sk-cli");
    const { status } = await json(post(`${url}/chat/completions`, { model: "deepseek-v4-pro", messages: [{ role: "user", content: "Hello" }] }, { authorization: "Bearer sk-cli" }));
    expect(status).toBe(200);
    stop.abort();
    expect(await running).toBe(0);
    expect(out.at(-1)).toBe("deepseek simulator stopped after 1 requests");
    await expect(fetch(`${url}/chat/completions`, { method: "POST", body: "{}" })).rejects.toThrow();
  });

  it("prints the base path and AWS variables when the provider takes them", async () => {
    for (const [provider, expected] of [["google", "GOOGLE_GEMINI_BASE_URL="], ["bedrock", "AWS_SECRET_ACCESS_KEY=SECRET"]] as const) {
      const { io, out } = collector();
      const stop = new AbortController();
      const running = runSimulate(["--provider", provider, ...(provider === "bedrock" ? ["--api-key", "AKID:SECRET"] : [])], io, { signal: stop.signal });
      const url = await listening(out);
      expect(out.some((line) => line.includes(expected))).toBe(true);
      if (provider === "google") expect(out).toContain(`  GOOGLE_GEMINI_BASE_URL=${url}/v1beta`);
      stop.abort();
      expect(await running).toBe(0);
    }
  });

  it.each([
    [[], "simulate needs --provider"],
    [["--provider", "nope"], 'no simulator for provider "nope"'],
    [["--provider", "ollama", "--port", "http"], '--port must be a port number (0-65535), not "http"'],
    [["--provider", "bedrock", "--api-key", "a:b:c"], "for bedrock, --api-key is ACCESS_KEY_ID:SECRET_ACCESS_KEY or SECRET_ACCESS_KEY"],
    [["--provider", "ollama", "--profile", "groq"], "a simulator profile applies to openai.chat only"],
    [["--provider", "openai.chat", "--profile", "nope"], 'no openai.chat simulator profile "nope"'],
    [["--provider", "ollama", "--bogus"], "Unknown option '--bogus'"],
  ])("exits 2 with a message when the arguments are %j", async (argv, message) => {
    const { io, err } = collector();
    expect(await main(["simulate", ...argv], io)).toBe(2);
    expect(err.join("\n")).toContain(`partwise simulate: ${message}`);
  });

  it("prints its help and exits 0 when asked for help", async () => {
    const { io, out } = collector();
    expect(await runSimulate(["--help"], io)).toBe(0);
    expect(out[0]).toMatch(/^Usage: partwise simulate --provider ID/);
  });
});
