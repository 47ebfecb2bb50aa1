import { describe, expect, it } from "vitest";
import { signAwsRequest } from "../../src/client/aws-signature.js";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { ProviderApiError } from "../../src/errors/partwise-error.js";
import { json, loopbackServer, refusingPort } from "../support/loopback-server.js";

const fast = { maxRetries: 2, backoffMs: 1, env: {} };

async function failure(promise: Promise<unknown>): Promise<ProviderApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderApiError) return error;
    throw error;
  }
  throw new Error("expected a ProviderApiError");
}

describe("ProviderHttpClient", () => {
  it("sends the model and the key the provider's way and returns the parsed body", async () => {
    const server = await loopbackServer([json(200, { id: "msg_1", content: [] })]);
    const client = new ProviderHttpClient({ provider: "anthropic", model: "claude-x", baseUrl: server.url, env: { ANTHROPIC_API_KEY: "sk-test" } });
    expect(await client.complete({ max_tokens: 5, messages: [] })).toEqual({ id: "msg_1", content: [] });
    const [request] = server.requests;
    expect(request?.url).toBe("/v1/messages");
    expect(request?.headers["x-api-key"]).toBe("sk-test");
    expect(request?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(JSON.parse(request!.body)).toEqual({ model: "claude-x", max_tokens: 5, messages: [], stream: false });
  });

  it("puts the model in the URL for Gemini and asks for SSE when streaming", async () => {
    const server = await loopbackServer([(_request, response) => { response.writeHead(200, { "content-type": "text/event-stream" }); response.end("data: {}\n\n"); }]);
    const client = new ProviderHttpClient({ provider: "google", model: "gemini-3-pro", baseUrl: server.url, apiKey: "g-key", env: {} });
    const { bytes } = await client.stream({ contents: [] });
    let text = "";
    for await (const chunk of bytes) text += Buffer.from(chunk).toString();
    expect(text).toBe("data: {}\n\n");
    expect(server.requests[0]?.url).toBe("/models/gemini-3-pro:streamGenerateContent?alt=sse");
    expect(server.requests[0]?.headers["x-goog-api-key"]).toBe("g-key");
  });

  it("leaves Converse's modelId out of the signed Bedrock body, the model being in the path", async () => {
    const server = await loopbackServer([json(200, { output: {} })]);
    const client = new ProviderHttpClient({
      provider: "bedrock", model: "us.anthropic.claude-x", baseUrl: server.url, region: "us-east-1",
      awsCredentials: { accessKeyId: "AKID", secretAccessKey: "secret" }, env: {},
    });
    await client.complete({ modelId: "us.anthropic.claude-x", messages: [], inferenceConfig: { maxTokens: 5 } });
    expect(server.requests[0]?.url).toBe(`/model/${encodeURIComponent("us.anthropic.claude-x")}/converse`);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ messages: [], inferenceConfig: { maxTokens: 5 } });
  });

  it("does not retry a 401 and reports the provider's error type, message and request id", async () => {
    const server = await loopbackServer([json(401, { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } }, { "request-id": "req_42" })]);
    const error = await failure(new ProviderHttpClient({ provider: "anthropic", model: "m", baseUrl: server.url, ...fast }).complete({}));
    expect(server.requests).toHaveLength(1);
    expect(error.failure).toMatchObject({ status: 401, errorType: "authentication_error", providerMessage: "invalid x-api-key", requestId: "req_42", retryable: false });
    expect(error.toJSON()).toMatchObject({ code: "provider/api-error", provider: "anthropic" });
  });

  it("retries a 429 after the retry-after it names, then succeeds", async () => {
    const server = await loopbackServer([json(429, { error: { message: "slow down", type: "rate_limit" } }, { "retry-after-ms": "20" }), json(200, { ok: true })]);
    const client = new ProviderHttpClient({ provider: "openai.chat", model: "gpt", baseUrl: server.url, ...fast });
    expect(await client.complete({ messages: [] })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it("honors Google's RetryInfo delay from the error body", async () => {
    const body = { error: { code: 429, message: "quota", status: "RESOURCE_EXHAUSTED", details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "0.02s" }] } };
    const server = await loopbackServer([json(429, body), json(200, { candidates: [] })]);
    const client = new ProviderHttpClient({ provider: "google", model: "g", baseUrl: server.url, apiKey: "k", ...fast });
    expect(await client.complete({})).toEqual({ candidates: [] });
    const refused = await loopbackServer([json(429, { ...body, error: { ...body.error, details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "3600s" }] } })]);
    const error = await failure(new ProviderHttpClient({ provider: "google", model: "g", baseUrl: refused.url, apiKey: "k", ...fast }).complete({}));
    expect([error.failure.retryAfterMs, refused.requests.length]).toEqual([3_600_000, 1]);
  });

  it("retries a 500 with backoff and gives up with a typed error after the last retry", async () => {
    const server = await loopbackServer([json(500, { error: { message: "boom", type: "server_error" } })]);
    const error = await failure(new ProviderHttpClient({ provider: "mistral", model: "m", baseUrl: server.url, ...fast }).complete({}));
    expect(server.requests).toHaveLength(3);
    expect(error.failure).toMatchObject({ status: 500, retryable: true, errorType: "server_error" });
  });

  it("reports a refused connection as a retryable failure without a status", async () => {
    const port = await refusingPort();
    const error = await failure(new ProviderHttpClient({ provider: "ollama", model: "llama", baseUrl: `http://127.0.0.1:${port}`, ...fast }).complete({}));
    expect(error.failure).toMatchObject({ retryable: true });
    expect(error.status).toBeUndefined();
    expect(error.message).toContain("no response from");
  });

  it("reports a 200 body that is not JSON as a typed error", async () => {
    const server = await loopbackServer([(_request, response) => { response.writeHead(200, { "content-type": "text/html" }); response.end("<html>proxy</html>"); }]);
    const error = await failure(new ProviderHttpClient({ provider: "deepseek", model: "d", baseUrl: server.url, ...fast }).complete({}));
    expect(error.message).toContain("not JSON");
  });

  it("stops waiting when the caller aborts", async () => {
    const server = await loopbackServer([json(503, { error: { message: "busy" } }, { "retry-after": "30" })]);
    const controller = new AbortController();
    const call = new ProviderHttpClient({ provider: "openai.responses", model: "o", baseUrl: server.url, ...fast }).complete({}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user gave up")), 20);
    await expect(call).rejects.toThrow("user gave up");
  });
});

describe("signAwsRequest", () => {
  it("produces AWS's published Signature V4 for the post-vanilla test case", async () => {
    // aws-sig-v4-test-suite post-vanilla: POST / with host and x-amz-date, empty body.
    const headers = await signAwsRequest(new URL("https://example.amazonaws.com/"), {}, "", {
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
      region: "us-east-1",
      service: "service",
      now: new Date("2015-08-30T12:36:00Z"),
      signPayloadHash: false,
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b",
    );
  });
});
