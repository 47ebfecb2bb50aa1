// Signatures the simulators issue: an HMAC over the content they sign, so a replayed block whose text or
// signature was modified, reordered onto other content, or invented is detected as a real API would.
import { createHmac, timingSafeEqual } from "node:crypto";

export class SimulatorSigner {
  readonly #secret: string;

  constructor(secret: string) {
    this.#secret = secret;
  }

  /** A base64 signature binding `purpose` (e.g. the provider and block kind) to `content`. */
  sign(purpose: string, content: string): string {
    return createHmac("sha256", this.#secret).update(purpose).update("\u0000").update(content).digest("base64");
  }

  /** Whether `signature` is the one this signer issued for `content`. */
  verify(purpose: string, content: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, content));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Opaque data that carries `content` itself, sealed (redacted thinking, encrypted reasoning). */
  seal(purpose: string, content: string): string {
    const body = Buffer.from(content, "utf8").toString("base64");
    return `${body}.${this.sign(purpose, body)}`;
  }

  /** The content of sealed data, or undefined when it was not sealed by this signer or was altered. */
  unseal(purpose: string, data: string): string | undefined {
    const [body, mac] = data.split(".");
    if (body === undefined || mac === undefined || !this.verify(purpose, body, mac)) return undefined;
    return Buffer.from(body, "base64").toString("utf8");
  }
}
