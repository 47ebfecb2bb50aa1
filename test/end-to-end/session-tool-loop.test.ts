import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatClient } from "../../src/chat/chat-client.js";
import { SessionChat } from "../../src/chat/session-advisors.js";
import { ProviderHttpClient } from "../../src/client/provider-http-client.js";
import { codecFor } from "../../src/providers/registry.js";
import { openSessionService } from "../../src/session/open-session-store.js";
import { type RunningSimulator, startSimulator } from "../../src/simulators/index.js";
import { type EndToEndScenario, scenarios, textOnly, weatherTools } from "../support/provider-scenarios.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

const directory = temporaryDirectory("end-to-end");

describe.each(scenarios.map((scenario) => [scenario.provider, scenario] as const))("the %s tool loop with session memory", (provider, scenario: EndToEndScenario) => {
  let simulator: RunningSimulator;
  beforeAll(async () => {
    simulator = await startSimulator(provider, { apiKey: "sim-key" });
  });
  afterAll(() => simulator.close());

  function chat(stream: boolean, maxRounds?: number): ChatClient {
    return new ChatClient({
      codec: codecFor(provider),
      // Bedrock signs with AWS credentials; its simulator checks the signature against the same secret.
      transport: new ProviderHttpClient({
        provider, model: scenario.model, baseUrl: simulator.url, apiKey: "sim-key", env: {}, backoffMs: 1,
        region: "us-east-1", awsCredentials: { accessKeyId: "partwise", secretAccessKey: "sim-key" },
      }),
      tools: weatherTools,
      stream,
      request: scenario.request,
      ...(maxRounds === undefined ? {} : { maxRounds }),
    });
  }

  it.each([false, true])("continues a stored session after a restart between a tool result and the next call (stream %s)", async (stream) => {
    const database = `sqlite:${join(directory, `${provider}-${stream}.db`)}`;
    const before = await openSessionService(database);
    const first = await new SessionChat(chat(stream, 1), before).send("s1", "Is it raining in Oslo?");
    expect(first.stoppedBy).toBe("round-limit");
    await before.close();

    const after = await openSessionService(database);
    const resumed = await new SessionChat(chat(stream), after).send("s1", undefined);
    expect(resumed.stoppedBy).toBe("model");
    const next = await new SessionChat(chat(stream), after).send("s1", "And in Bergen?");
    expect(next.message.parts.at(-1)).toMatchObject({ type: "text", text: expect.stringContaining("In Bergen") });
    const stored = await after.getActiveMessages("s1");
    expect(stored.filter((message) => message.role === "assistant")).toHaveLength(6);
    await after.close();
  });

  it("stores the same session whether the loop streams or blocks", async () => {
    const sessions = await Promise.all([false, true].map(async (stream) => {
      const service = await openSessionService("memory:");
      await new SessionChat(chat(stream), service).send("s", "Is it raining in Oslo?");
      const messages = await service.getActiveMessages("s");
      await service.close();
      return messages;
    }));
    // Ids and signatures differ per answer; the shape of every stored part must not.
    const shape = (messages: typeof sessions[0]) => messages.map((message) => [message.role, message.parts.map((part) => [part.type, part.payload?.kind ?? null])]);
    expect(shape(sessions[1]!)).toEqual(shape(sessions[0]!));
  });

  it(`gets the ${scenario.naiveRejection ? "documented rejection" : "same answer"} when the history comes from a text-only store`, async () => {
    const service = await openSessionService("memory:");
    await new SessionChat(chat(false, 1), service).send("s", "Is it raining in Oslo?");
    const naive = textOnly(await service.getActiveMessages("s"));
    const continued = chat(false).send(undefined, { history: naive });
    if (scenario.naiveRejection) {
      await expect(continued).rejects.toMatchObject({ code: "provider/api-error", failure: { status: scenario.naiveRejection.status, providerMessage: expect.stringMatching(scenario.naiveRejection.message) } });
    } else {
      await expect(continued).resolves.toMatchObject({ stoppedBy: "model" });
    }
    await service.close();
  });
});
