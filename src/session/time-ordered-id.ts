// The default session and event ids: UUIDv7 (RFC 9562), a millisecond timestamp then 74 random bits.
// Ids of the same moment sort together, so every store's unique index on event ids grows at its end
// instead of dirtying a random leaf page per event (what a random UUIDv4 does once the index is large).

/** A new UUIDv7 in the usual 8-4-4-4-12 hex form. */
export function timeOrderedId(): string {
  // randomUUID gives the random bits and the variant; the first 48 bits become the time, the version 7.
  const random = crypto.randomUUID();
  const time = Date.now().toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}
