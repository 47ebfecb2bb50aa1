// A one-line progress bar on a terminal (stderr), redrawn at most ten times a second; silent elsewhere.
import type { WriteStream } from "node:tty";

export class ProgressBar {
  readonly #stream: NodeJS.WriteStream & Partial<WriteStream>;
  readonly #label: string;
  readonly #enabled: boolean;
  readonly #started = Date.now();
  #lastDraw = 0;

  constructor(label: string, stream: NodeJS.WriteStream = process.stderr) {
    this.#stream = stream;
    this.#label = label;
    this.#enabled = Boolean(stream.isTTY);
  }

  update(done: number, total: number): void {
    const now = Date.now();
    if (!this.#enabled || now - this.#lastDraw < 100) return;
    this.#lastDraw = now;
    const width = 30;
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(fraction * width);
    const seconds = (now - this.#started) / 1000;
    const rate = seconds > 0 ? done / seconds / 1024 / 1024 : 0;
    const line = `${this.#label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${rate.toFixed(0)} MiB/s`;
    this.#stream.write(`\r${line.slice(0, (this.#stream.columns ?? 100) - 1)}`);
  }

  clear(): void {
    if (this.#enabled && this.#lastDraw > 0) this.#stream.write("\r\x1b[K");
  }
}
