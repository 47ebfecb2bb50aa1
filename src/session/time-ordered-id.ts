// The default session and event ids: UUIDv7 (RFC 9562), a millisecond timestamp then 74 random bits.
// Ids of the same moment sort together, so every store's unique index on event ids grows at its end
// instead of dirtying a random leaf page per event (what a random UUIDv4 does once the index is large).

let prefixTime = -1;
let prefix = "";

/** A new UUIDv7 in the usual 8-4-4-4-12 hex form. */
export function timeOrderedId(): string {
  const now = Date.now();
  if (now !== prefixTime) {
    // A batch of events takes the same millisecond: its time prefix is formatted once.
    const time = now.toString(16).padStart(12, "0");
    prefix = `${time.slice(0, 8)}-${time.slice(8)}-7`;
    prefixTime = now;
  }
  // randomUUID gives the random bits and the variant; its version digit (index 14) gives way to the 7.
  return prefix + crypto.randomUUID().slice(15);
}
