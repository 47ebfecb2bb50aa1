// Internal invariants raise InternalError with a code the spec declares, never a bare TypeError: an
// exhaustive switch that meets a value its type rules out says what it met, as plain JSON.
import { describe, expect, it } from "vitest";
import type { Part } from "../../generated/types.js";
import { InternalError, PartwiseError } from "../../src/errors/partwise-error.js";
import { unreachable } from "../../src/parts/part-kinds.js";

describe("unreachable", () => {
  it("throws internal/unreachable naming the value when a switch meets a part type its type rules out", () => {
    const part = JSON.parse('{"type":"hologram"}') as Part;
    let thrown: unknown;
    try {
      unreachable(part as never, "part");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InternalError);
    expect(PartwiseError.isPartwiseError(thrown)).toBe(true);
    expect((thrown as InternalError).toJSON()).toEqual({
      name: "InternalError",
      code: "internal/unreachable",
      message: 'unexpected part: {"type":"hologram"}',
      details: { what: "part", value: { type: "hologram" } },
    });
  });
});
