// What each codec says of its provider's HTTP API and tool declarations (ProviderCodec.endpoint and
// declareTools, in the provider folders), that every registered provider has a simulator, and that the
// HTTP client takes the endpoint of a codec outside the registry.
import { describe, expect, it } from "vitest";
import { toolRequestFields } from "../../src/chat/tool-declarations.js";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { codecFor, providerCodecs } from "../../src/providers/registry.js";
import { providerSimulators, startSimulator } from "../../src/simulators/index.js";

const weather = { name: "get_weather", description: "Current weather in a city", parameters: { type: "object", properties: { city: { type: "string" } } } };
const undescribed = { name: "get_time", parameters: { type: "object" } };
const chatCompletionsTools = {
  tools: [
    { type: "function", function: { name: "get_weather", description: weather.description, parameters: weather.parameters } },
    { type: "function", function: { name: "get_time", parameters: undescribed.parameters } },
  ],
};

describe("ProviderCodec.declareTools", () => {
  it.each([
    ["anthropic", { tools: [{ name: "get_weather", description: weather.description, input_schema: weather.parameters }, { name: "get_time", input_schema: undescribed.parameters }] }],
    ["openai.responses", { tools: [
      { type: "function", name: "get_weather", description: weather.description, parameters: weather.parameters, strict: false },
      { type: "function", name: "get_time", parameters: undescribed.parameters, strict: false },
    ] }],
    ["google", { tools: [{ functionDeclarations: [{ name: "get_weather", description: weather.description, parameters: weather.parameters }, { name: "get_time", parameters: undescribed.parameters }] }] }],
    ["bedrock", { toolConfig: { tools: [
      { toolSpec: { name: "get_weather", description: weather.description, inputSchema: { json: weather.parameters } } },
      { toolSpec: { name: "get_time", inputSchema: { json: undescribed.parameters } } },
    ] } }],
    ["openai.chat", chatCompletionsTools],
    ["deepseek", chatCompletionsTools],
    ["mistral", chatCompletionsTools],
    ["ollama", chatCompletionsTools],
  ])("declares the tools in %s's fields, a description only where the tool has one", (provider, expected) => {
    expect(codecFor(provider).declareTools([weather, undescribed])).toEqual(expected);
    expect(toolRequestFields(provider, [weather, undescribed])).toEqual(expected);
  });

  it("is one function for every Chat Completions codec, not a copy per provider", () => {
    const declare = codecFor("openai.chat").declareTools;
    for (const provider of ["deepseek", "mistral", "ollama"]) expect(codecFor(provider).declareTools).toBe(declare);
    expect(codecFor("openai.chat", { profile: "groq" }).declareTools).toBe(declare);
  });

  it("adds no request fields when there are no tools, for any provider", () => {
    for (const provider of Object.keys(providerCodecs)) expect(toolRequestFields(provider, [])).toEqual({});
  });
});

describe("ProviderCodec.endpoint", () => {
  it.each([
    ["anthropic", "https://api.anthropic.com/v1/messages", "https://api.anthropic.com/v1/messages"],
    ["openai.responses", "https://api.openai.com/v1/responses", "https://api.openai.com/v1/responses"],
    ["openai.chat", "https://api.openai.com/v1/chat/completions", "https://api.openai.com/v1/chat/completions"],
    ["deepseek", "https://api.deepseek.com/chat/completions", "https://api.deepseek.com/chat/completions"],
    ["mistral", "https://api.mistral.ai/v1/chat/completions", "https://api.mistral.ai/v1/chat/completions"],
    ["google", "https://generativelanguage.googleapis.com/v1beta/models/m%2F1:generateContent", "https://generativelanguage.googleapis.com/v1beta/models/m%2F1:streamGenerateContent?alt=sse"],
    ["ollama", "http://localhost:11434/api/chat", "http://localhost:11434/api/chat"],
    ["bedrock", "https://bedrock-runtime.{region}.amazonaws.com/model/m%2F1/converse", "https://bedrock-runtime.{region}.amazonaws.com/model/m%2F1/converse-stream"],
  ])("calls %s at its default base URL, blocking and streaming", (provider, blocking, streaming) => {
    const { endpoint } = codecFor(provider);
    expect([endpoint.requestUrl(endpoint.defaultBaseUrl, "m/1", false), endpoint.requestUrl(endpoint.defaultBaseUrl, "m/1", true)]).toEqual([blocking, streaming]);
  });

  it("is the provider's for every server profile and endpoint choice of a codec", () => {
    expect(codecFor("openai.chat", { profile: "vllm" }).endpoint).toBe(codecFor("openai.chat").endpoint);
    expect(codecFor("openai.responses", { profile: "gpt-oss" }).endpoint).toBe(codecFor("openai.responses").endpoint);
    expect(codecFor("google", { endpoint: "vertex-ai" }).endpoint).toBe(codecFor("google").endpoint);
  });

  it("sends the key the provider's way, and nothing when there is no key", () => {
    expect(codecFor("anthropic").endpoint.authHeaders("k")).toEqual({ "anthropic-version": "2023-06-01", "x-api-key": "k" });
    expect(codecFor("google").endpoint.authHeaders("k")).toEqual({ "x-goog-api-key": "k" });
    expect(codecFor("mistral").endpoint.authHeaders("k")).toEqual({ authorization: "Bearer k" });
    expect(codecFor("ollama").endpoint.authHeaders(undefined)).toEqual({});
    expect(codecFor("bedrock").endpoint).toMatchObject({ awsSigned: true, apiKeyEnv: [], streamMediaType: "application/vnd.amazon.eventstream", pathFields: ["modelId"] });
  });
});

describe("startSimulator", () => {
  it("has a simulator for every registered provider, and none for a provider that is not registered", () => {
    expect(Object.keys(providerSimulators).sort()).toEqual(Object.keys(providerCodecs).sort());
  });

  it("refuses a profile for a simulator that takes none, naming the ones that do", () => {
    expect(() => startSimulator("anthropic", { profile: "vllm" })).toThrow(expect.objectContaining({ code: "cli/usage", message: 'a simulator profile applies to openai.chat only, not "anthropic"' }));
  });
});

describe("ProviderHttpClient", () => {
  it("calls a provider outside the registry at the endpoint of the codec it is given", async () => {
    const simulator = await startSimulator("openai.chat", { apiKey: "sk-outside" });
    try {
      const client = new ProviderHttpClient({ provider: "acme.outside", codec: codecFor("openai.chat"), model: "m", baseUrl: simulator.url, apiKey: "sk-outside", env: {} });
      const body = await client.complete({ model: "m", messages: [{ role: "user", content: "Hello" }] });
      expect(body).toMatchObject({ object: "chat.completion", choices: [{ message: { role: "assistant", content: "You said: Hello" } }] });
    } finally {
      await simulator.close();
    }
  });

  it("refuses a provider that is neither registered nor given an endpoint", () => {
    expect(() => new ProviderHttpClient({ provider: "acme.outside", model: "m", env: {} })).toThrow(expect.objectContaining({ code: "cli/usage" }));
  });
});
