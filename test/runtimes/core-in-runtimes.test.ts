// The root export in the runtimes users run it in: recorded streams of every provider decoded from
// bytes, aggregated, validated and encoded for another provider, in Node, headless Chromium and
// workerd, with the same outcome everywhere (issue 16).
import { beforeAll, describe, expect, it } from "vitest";
import { temporaryDirectory } from "../support/temporary-directory.js";
import { runCoreScenario, type ScenarioOutcome } from "./core-scenario.js";
import { recordedStreams } from "./recorded-streams.js";
import { runInChromium, runInWorkerd } from "./runtime-harness.js";

const streams = recordedStreams();
let inNode: ScenarioOutcome;

beforeAll(async () => {
  inNode = await runCoreScenario(streams);
});

describe("runCoreScenario", () => {
  it("decodes every provider's recorded stream into complete responses when run in Node", () => {
    expect(inNode.streams.map((stream) => stream.name)).toEqual(streams.map((stream) => stream.name));
    for (const stream of inNode.streams) {
      const responses = stream.responses as { complete: boolean; message: { parts: unknown[] } }[];
      expect(responses.length, stream.name).toBeGreaterThan(0);
      expect(responses.every((response) => response.complete && response.message.parts.length > 0), stream.name).toBe(true);
      expect(stream.encoded, stream.name).toHaveProperty("body");
    }
  });

  it("gives Node's outcome when run in headless Chromium", async () => {
    expect(await runInChromium(streams)).toEqual(inNode);
  });

  it("gives Node's outcome when run in workerd", async () => {
    expect(await runInWorkerd(streams, temporaryDirectory("workerd"))).toEqual(inNode);
  });
});
