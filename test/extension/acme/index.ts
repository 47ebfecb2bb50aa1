// The Acme provider module, as `partwise --provider-module` loads it: its default export is the
// registration (codec and description) that the command registers (docs/custom-providers.md).
import type { ProviderDescription, ProviderRegistration } from "../../../src/index.js";
import { acmeCodec } from "./acme-codec.js";
import { providerDescription } from "./generated/acme.provider.js";

/** The description as compiled from acme.tsp; registerProvider checks it against the spec's schema. */
export const acmeDescription: ProviderDescription = providerDescription;

export const acmeRegistration: ProviderRegistration = { codec: acmeCodec, description: acmeDescription };

export default acmeRegistration;
