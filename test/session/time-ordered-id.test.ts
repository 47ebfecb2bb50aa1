import { afterEach, describe, expect, it, vi } from "vitest";
import { timeOrderedId } from "../../src/session/time-ordered-id.js";

describe("timeOrderedId", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a UUID of version 7 and the RFC variant when made", () => {
    expect(timeOrderedId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("starts with the current time in milliseconds when made", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 2, 16, 0, 0, 123), toFake: ["Date"] });
    expect(Number.parseInt(timeOrderedId().replace("-", "").slice(0, 12), 16)).toBe(Date.UTC(2026, 11, 2, 16, 0, 0, 123));
  });

  it("sorts ids of a later millisecond after earlier ones when made in turn", () => {
    vi.useFakeTimers({ now: 1_000, toFake: ["Date"] });
    const earlier = timeOrderedId();
    vi.setSystemTime(1_001);
    expect(timeOrderedId() > earlier).toBe(true);
  });

  it("differs between ids of the same millisecond when made", () => {
    vi.useFakeTimers({ now: 5_000, toFake: ["Date"] });
    expect(new Set(Array.from({ length: 1_000 }, timeOrderedId)).size).toBe(1_000);
  });
});
