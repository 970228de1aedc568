/**
 * Byte arrays for the work of one underlying (its expirations' leg eligibility), as views of a
 * reused buffer. As new typed arrays they were a few hundred thousand per market-wide scan, each
 * with its own backing store to allocate and, later, for the garbage collector to finalise.
 *
 * A view is valid until `reset`. A buffer that runs out is replaced by a larger one; the views
 * already handed out keep the old one, so they stay valid too.
 */
export class Scratch {
  #bytes = new Uint8Array(1 << 14);
  #bytesUsed = 0;

  /** Makes every view handed out so far free for reuse. */
  reset(): void {
    this.#bytesUsed = 0;
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
}
