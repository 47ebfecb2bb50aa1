// Every simulator reads at most maxBodyBytes of a request, checks the key before it parses the body, and
// takes JSON objects only: an oversized body gets 413, a wrong key the auth failure whatever the body, and null,
// arrays, numbers, strings or absurdly deep nesting 400 without internal messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAwsRequest } from "../../src/client/aws-signature.js";
import { codecFor } from "../../src/providers/registry.js";
import { type RunningSimulator, providerSimulators, startSimulator } from "../../src/simulators/index.js";

const API_KEY = "simulator-key";
const MAX_BODY_BYTES = 64 * 1024;

async function post(simulator: RunningSimulator, body: string, apiKey = API_KEY): Promise<{ status: number; text: string }> {
  const { endpoint } = codecFor(simulator.provider);
  const url = new URL(endpoint.requestUrl(simulator.url, "model-x", false));
  let headers: Record<string, string> = { "content-type": "application/json", ...endpoint.authHeaders(apiKey) };
  if (endpoint.awsSigned) headers = await signAwsRequest(url, headers, body, { credentials: { accessKeyId: "local", secretAccessKey: apiKey }, region: "us-east-1" });
  const response = await fetch(url, { method: "POST", headers, body });
  return { status: response.status, text: await response.text() };
}

describe.each(Object.keys(providerSimulators))("the %s simulator", (provider) => {
  let simulator: RunningSimulator;
  beforeAll(async () => {
    simulator = await startSimulator(provider, { apiKey: API_KEY, maxBodyBytes: MAX_BODY_BYTES });
  });
  afterAll(() => simulator.close());

  it("answers 413 when the body is larger than maxBodyBytes", async () => {
    const answer = await post(simulator, JSON.stringify({ messages: [{ role: "user", content: "x".repeat(4 * MAX_BODY_BYTES) }] }));
    expect(answer.status).toBe(413);
  });

  it.each(["null", "[]", "42", '"text"', "{not json"])("answers the provider's auth failure, not a parse result, when the key is wrong and the body is %s", async (body) => {
    const answer = await post(simulator, body, "wrong-key");
    // Bedrock says 403 InvalidSignatureException, Gemini 400 API_KEY_INVALID, the others 401.
    const expected = { bedrock: [403, "signature"], google: [400, "API_KEY_INVALID"] }[provider] ?? [401, ""];
    expect([answer.status, answer.text]).toEqual([expected[0], expect.stringContaining(expected[1] as string)]);
    expect(answer.text).not.toContain("JSON");
  });

  it.each(["null", "[1, 2]", "42", '"text"', "true"])("answers 400 when the body is %s, not a JSON object", async (body) => {
    const answer = await post(simulator, body);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("must be a JSON object");
  });

  it("answers 400 without an internal message when the body nests 10 000 levels deep", async () => {
    const answer = await post(simulator, `{"messages": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("nests deeper than");
    expect(answer.text).not.toContain("Maximum call stack");
  });
});
