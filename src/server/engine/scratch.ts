/**
 * Typed arrays for the work of one underlying, as views of a few reused buffers. The per-expiration
 * arrays of a scan (leg eligibility, slot masks, loss terms and their suffix minima) were each a new
 * typed array: a few hundred thousand per market-wide scan, each with its own backing store to
 * allocate and, later, for the garbage collector to finalise. Views are cheap heap objects.
 *
 * A view is valid until `reset`. A buffer that runs out is replaced by a larger one; the views
 * already handed out keep the old one, so they stay valid too.
 */
export class Scratch {
  #bytes = new Uint8Array(1 << 14);
  #bytesUsed = 0;
  #doubles = new Float64Array(1 << 13);
  #doublesUsed = 0;

  /** Makes every view handed out so far free for reuse. */
  reset(): void {
    this.#bytesUsed = 0;
    this.#doublesUsed = 0;
  }

  /** `n` bytes set to `value` (0 unless given). */
  bytes(n: number, value = 0): Uint8Array {
    if (this.#bytesUsed + n > this.#bytes.length) {
      this.#bytes = new Uint8Array(Math.max(2 * this.#bytes.length, n));
      this.#bytesUsed = 0;
    }
    const view = this.#bytes.subarray(this.#bytesUsed, this.#bytesUsed + n);
    this.#bytesUsed += n;
    return view.fill(value);
  }

  /** `n` doubles, their values left as they were: the caller writes every one. */
  doubles(n: number): Float64Array {
    if (this.#doublesUsed + n > this.#doubles.length) {
      this.#doubles = new Float64Array(Math.max(2 * this.#doubles.length, n));
      this.#doublesUsed = 0;
    }
    const view = this.#doubles.subarray(this.#doublesUsed, this.#doublesUsed + n);
    this.#doublesUsed += n;
    return view;
  }
}
