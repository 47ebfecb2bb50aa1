import { beforeEach, describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH } from "../../src/parts/parse.js";
import { MemorySessionRepository } from "../../src/session/memory-session-repository.js";
import { SessionService } from "../../src/session/session-service.js";

const user = (text: string) => ({ role: "user" as const, parts: [{ type: "text" as const, text }] });

async function failure(promise: Promise<unknown>): Promise<{ code?: string; pointer?: string; message?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; pointer?: string };
  }
  throw new Error("expected the append to fail");
}

/** Metadata nested `levels` containers deep under key `a`, holding `leaf` at the bottom. */
function nested(levels: number, leaf: unknown): Record<string, unknown> {
  let value: unknown = leaf;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value as Record<string, unknown>;
}

describe("SessionService.appendEvents", () => {
  let service: SessionService;
  beforeEach(async () => {
    service = new SessionService(new MemorySessionRepository());
    await service.create({ id: "s" });
  });

  it("refuses nesting past the limit with json/too-deep and its pointer when the deep branch also holds a non-plain value", async () => {
    const error = await failure(service.appendEvents("s", [{ type: "MESSAGE", message: user("x"), metadata: nested(200, new Date(0)) } as never]));
    // The event is level 1, its metadata level 2: the first container past the limit is MAX_NESTING_DEPTH - 1 keys down.
    expect(error).toMatchObject({ code: "json/too-deep", pointer: `/0/metadata${"/a".repeat(MAX_NESTING_DEPTH - 1)}` });
  });

  it("refuses a cycle with json/too-deep when an event holds itself", async () => {
    const metadata: Record<string, unknown> = {};
    metadata.self = metadata;
    expect((await failure(service.appendEvents("s", [{ type: "MESSAGE", message: user("x"), metadata } as never]))).code).toBe("json/too-deep");
  });

  it("names the non-plain value's pointer with schema/invalid when the event is within the limit", async () => {
    const error = await failure(service.appendEvents("s", [{ type: "MESSAGE", message: user("x") }, { type: "MESSAGE", message: user("y"), metadata: nested(3, new Map()) } as never]));
    expect(error).toMatchObject({ code: "schema/invalid", pointer: "/1/metadata/a/a/a" });
    expect(error.message).toContain("a Map object");
  });

  it("stores an event nested up to the limit when it is plain JSON", async () => {
    const result = await service.appendEvents("s", [{ type: "MESSAGE", message: user("x"), metadata: nested(MAX_NESTING_DEPTH - 2, 1) }]);
    expect(result.version).toBe(1);
  });
});
