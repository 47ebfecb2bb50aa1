import { afterEach, describe, expect, it } from "vitest";
import { type ProviderDescription, type ProviderRegistration, codecFor, decideReplay, isKnownProviderId, listProviders, registerProvider, unregisterProvider } from "../../src/index.js";
import { acmeRegistration } from "../extension/acme/index.js";

/** The acme registration under another id (codec and description alike). */
function renamed(id: string, description: Partial<ProviderDescription> = {}): ProviderRegistration {
  return { codec: { ...acmeRegistration.codec, id }, description: { ...acmeRegistration.description, ...description, id } };
}

afterEach(() => {
  unregisterProvider("acme");
  unregisterProvider("acme.two");
});

describe("registerProvider", () => {
  it("makes codecFor, isKnownProviderId and listProviders know the provider when it is registered", () => {
    expect(isKnownProviderId("acme")).toBe(false);
    registerProvider(acmeRegistration);
    expect(codecFor("acme")).toBe(acmeRegistration.codec);
    expect(isKnownProviderId("acme")).toBe(true);
    expect(listProviders().at(-1)).toEqual({ id: "acme", displayName: "Acme Think", builtIn: false, payloadKinds: ["seal"] });
    expect(listProviders().filter((provider) => provider.builtIn)).toHaveLength(8);
  });

  it("does nothing when the same registration is registered again", () => {
    registerProvider(acmeRegistration);
    registerProvider(acmeRegistration);
    registerProvider({ codec: acmeRegistration.codec, description: structuredClone(acmeRegistration.description) });
    expect(listProviders().filter((provider) => provider.id === "acme")).toHaveLength(1);
  });

  it("decides replay by the registered rules, and keeps them when the caller's description changes later", () => {
    const registration = renamed("acme.two");
    registerProvider(registration);
    (registration.description.replay.default as unknown[]).length = 0;
    const sealed = { type: "reasoning", text: "t", payload: { provider: "acme.two", kind: "seal", data: "s" } } as const;
    expect(decideReplay(sealed, { provider: "acme.two" }).action).toBe("send");
    expect(decideReplay({ ...sealed, payload: { ...sealed.payload, provider: "anthropic" } }, { provider: "acme.two" }).action).toBe("skip");
  });

  it.each([
    ["a built-in id", () => renamed("anthropic"), 'provider "anthropic" is built into partwise'],
    ["an id @provider would refuse", () => renamed("Acme Think\n"), 'provider id "Acme Think\\n" must be lower-case letters and digits'],
    ["the reserved id of future parts", () => renamed("partwise"), 'provider id "partwise" is reserved'],
    ["a codec of another id", () => ({ codec: acmeRegistration.codec, description: renamed("acme.two").description }), `the codec's id "acme" differs from its description's id "acme.two"`],
    ["a codec without encodeRequest", () => ({ codec: { ...acmeRegistration.codec, encodeRequest: undefined }, description: acmeRegistration.description }), 'the codec of provider "acme" lacks encodeRequest'],
    ["a description the schema refuses", () => ({ codec: acmeRegistration.codec, description: { ...acmeRegistration.description, payloadKinds: "seal" } }), 'the description of provider "acme" is not a ProviderDescription: /payloadKinds: expected array'],
    ["a description without default replay rules", () => renamed("acme.two", { replay: { strict: [] } }), 'provider "acme.two" has no `default` replay rules (variants: strict)'],
    [
      "a request rule naming a check that does not exist",
      () => renamed("acme.two", { requests: { default: [{ id: "acme.two/seal-missing", check: "seal-missing", severity: "rejection", status: 400, errorText: "seal missing", reason: "A seal is required.", fix: "Keep the seal.", docs: "https://acme.example/docs" }] } }),
      'request rule acme.two/seal-missing (default) of provider "acme.two" names check "seal-missing", which neither the codec\'s lint nor the generic checks have',
    ],
    ["a value that is not a registration", () => null, "a provider registration is an object { codec, description }, not null"],
  ])("refuses %s with provider/invalid-registration", (_case, registration, message) => {
    let thrown: unknown;
    try {
      registerProvider(registration() as ProviderRegistration);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: "provider/invalid-registration", message: expect.stringContaining(message) });
    expect(JSON.parse(JSON.stringify(thrown))).toMatchObject({ code: "provider/invalid-registration" });
  });

  it("refuses another codec for an id registered already, naming the id", () => {
    registerProvider(acmeRegistration);
    expect(() => registerProvider({ codec: { ...acmeRegistration.codec }, description: acmeRegistration.description })).toThrow(
      expect.objectContaining({ code: "provider/invalid-registration", provider: "acme", message: expect.stringContaining('provider "acme" is registered already, with another codec') }),
    );
  });
});

describe("unregisterProvider", () => {
  it("forgets a registered provider and leaves the built-in ones", () => {
    registerProvider(acmeRegistration);
    expect(unregisterProvider("acme")).toBe(true);
    expect(unregisterProvider("acme")).toBe(false);
    expect(unregisterProvider("anthropic")).toBe(false);
    expect(() => codecFor("acme")).toThrow(expect.objectContaining({ code: "cli/usage", message: expect.stringContaining('unknown provider "acme"') }));
    expect(codecFor("anthropic").id).toBe("anthropic");
  });
});
