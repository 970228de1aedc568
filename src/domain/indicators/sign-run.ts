/**
 * Tracks how long a difference (fast − slow, MACD − signal) has kept its sign. "Above" is strictly
 * positive; zero counts as below. `crossed` tells whether the current run began with a cross seen in
 * the data, rather than at the first session where the difference exists.
 */
export class SignRun {
  sign = 0;
  length = 0;
  crossed = false;

  push(diff: number): void {
    if (Number.isNaN(diff)) {
      this.sign = 0;
      this.length = 0;
      this.crossed = false;
      return;
    }
    const s = diff > 0 ? 1 : -1;
    if (this.sign === s) {
      this.length++;
      return;
    }
    this.crossed = this.sign !== 0;
    this.sign = s;
    this.length = 1;
  }

  /** The current run began with a cross in direction `sign` at most `withinDays` sessions ago (0 = today). */
  crossedWithin(sign: 1 | -1, withinDays: number): boolean {
    return this.sign === sign && this.crossed && this.length - 1 <= withinDays;
  }

  /** Signed run length: +n above for n sessions, −n below; 0 when undefined. */
  signedLength(): number {
    return this.sign * this.length;
  }
}

/** The run of the sign of `diffs` (fast − slow, MACD − signal) at its last element. */
export function signRunOf(diffs: ArrayLike<number>): SignRun {
  const run = new SignRun();
  for (let i = 0; i < diffs.length; i++) run.push(diffs[i] as number);
  return run;
}
