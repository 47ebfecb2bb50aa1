// Text built from many small pieces (stream deltas): pieces wait in a list and are joined every few
// hundred, so each piece's string dies young instead of living on as one node of a rope the length of
// the text (which the young-generation collector copies and promotes; see the aggregator's slots).

const PIECES_PER_JOIN = 512;

export class TextBuilder {
  #head = "";
  #pieces: string[] = [];

  append(piece: string): void {
    if (this.#pieces.push(piece) >= PIECES_PER_JOIN) this.#join();
  }

  #join(): void {
    this.#head += this.#pieces.join("");
    this.#pieces.length = 0;
  }

  toString(): string {
    if (this.#pieces.length > 0) this.#join();
    return this.#head;
  }
}
