import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StreamEvent } from "../../generated/types.js";
import { aggregateAllSync, aggregateSync } from "../../src/streaming/aggregate.js";
import { applyChunk, finishAggregation, initialAggregatorState, MessageAggregator } from "../../src/streaming/message-aggregator.js";
import { assistantMessageArbitrary } from "../support/arbitraries.js";
import { propertyRuns } from "../support/property-runs.js";
import { interleave, splitMessage, splitPlanArbitrary } from "../support/split-message.js";

describe("aggregate", () => {
  it("rebuilds any assistant message from any split of its parts into deltas", () => {
    fc.assert(
      fc.property(assistantMessageArbitrary, splitPlanArbitrary, fc.boolean(), (message, plan, withId) => {
        const result = aggregateSync(splitMessage(message, plan, withId ? "resp_1" : undefined));
        expect(result.message).toEqual(message);
        expect(result.complete).toBe(true);
        expect(result.warnings).toEqual([]);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});

describe("aggregateAll", () => {
  it("gives the same messages for an interleaved tool-loop stream as for each response alone", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(assistantMessageArbitrary, splitPlanArbitrary), { minLength: 2, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 50 }),
        (rounds, picks) => {
          const sequences = rounds.map(([message, plan], round) => splitMessage(message, plan, `resp_${round}`));
          const alone = sequences.map((chunks) => aggregateAllSync(chunks)[0]);
          // Responses come out in first-seen order; compare them by id.
          const together = aggregateAllSync(interleave(sequences, picks))
            .sort((left, right) => Number(left.responseId?.slice(5)) - Number(right.responseId?.slice(5)));
          expect(together).toEqual(alone);
          expect(together.map((result) => result.message)).toEqual(rounds.map(([message]) => message));
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });
});

describe("applyChunk", () => {
  it("gives the same responses and events as the aggregator it wraps, and leaves every earlier state as it was", () => {
    fc.assert(
      fc.property(assistantMessageArbitrary, splitPlanArbitrary, (message, plan) => {
        const chunks = splitMessage(message, plan, "resp_1");
        let state = initialAggregatorState();
        const states = [state];
        const events: StreamEvent[] = [];
        for (const chunk of chunks) {
          const step = applyChunk(state, chunk);
          state = step.state;
          states.push(state);
          events.push(...step.events);
        }
        const results = finishAggregation(state);
        expect(results).toEqual(aggregateAllSync(chunks));
        expect(events.at(-1)).toEqual({ type: "response_completed", response: results[0] });
        const aggregator = new MessageAggregator();
        const pushed: StreamEvent[] = [];
        const snapshots = [aggregator.snapshot()];
        for (const chunk of chunks) {
          aggregator.push(chunk, pushed);
          snapshots.push(aggregator.snapshot());
        }
        expect(pushed).toEqual(events);
        expect(states.map((each) => each.snapshot())).toEqual(snapshots);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
