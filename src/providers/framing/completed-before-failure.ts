// When one push fails part-way through a chunk of bytes, what it completed before the failure travels
// with the error (the error itself unchanged: same code, message, position, details), so the layer above
// hands those items on before raising it and a corrupt stream loses nothing that arrived intact before it.

/**
 * The items of one kind (SSE events, JSON lines, frames, wire events) a failed push completed first. An
 * instance is declared with its type (`const x: CompletedBeforeFailure<T> = ...`) so TypeScript sees `raise` end a branch.
 */
export class CompletedBeforeFailure<Item> {
  readonly #items = new WeakMap<object, readonly Item[]>();

  /** Throws `error` with `items`, what the same push completed before it, kept for `of`. */
  raise(error: unknown, items: readonly Item[]): never {
    if (items.length > 0 && typeof error === "object" && error !== null) this.#items.set(error, items);
    throw error;
  }

  /** What the push that raised `error` completed before it; none for any other error. */
  of(error: unknown): readonly Item[] {
    return (typeof error === "object" && error !== null && this.#items.get(error)) || [];
  }
}
