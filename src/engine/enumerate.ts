/**
 * Strike combinations of a same-expiration structure: one strike index per strike slot, strictly
 * ascending, each allowed for its slot, with the filters that bound whole loops applied in the
 * loop bounds:
 *
 * - spread width: strikes ascend, so a later strike only widens the spread (`break`);
 * - butterflies: the upper wing is looked up, not scanned (the leg rule's tolerance, 1e-9 × K);
 * - max loss (branch and bound): the loss is at least −P/L at 0 and, when the P/L is flat above
 *   the strikes, −P/L far above them; each is a sum of per-slot terms (w·fill − w·K for puts, and
 *   w·fill + w·K for calls), known exactly for the chosen slots and bounded below by suffix minima
 *   for the slots still to choose. A subtree whose bound exceeds the limit is skipped, and a loop
 *   stops once even its suffix bound does (suffix minima only grow along the loop);
 * - a first sort key that is a sum of per-slot terms (branch and bound, grouped scans): the same
 *   scheme with suffix maxima, against the worst key the underlying's full top list keeps.
 *
 * The bounds only prune: every kept combination is still evaluated exactly.
 *
 * One `StrikeCombinations` per scanner serves every expiration group of its scan: its per-slot
 * arrays are flat, grown as needed and reused, so a group (a handful of strikes in a one-leg scan
 * with a moneyness range) costs no allocation.
 */

const STRIKE_EPS = 1e-9;

/** Where the combinations go, and the key bound's moving floor. */
export interface CombinationVisitor {
  /** A combination that may pass: its strike index per slot in `picked` (reused: read it here). */
  visit(picked: Int32Array): void;
  /**
   * The oriented key a combination must reach to be kept (with a key bound): the top list's worst,
   * less a margin that covers rounding; NaN while the list has room (nothing is skipped).
   */
  floor(): number;
  /** Told when a combination or subtree is skipped for its key. */
  skipped(): void;
}

/**
 * The strike combinations of one expiration group at a time. `start` a group, set its slots'
 * strikes in `ok`; for a loss bound, `limit`, `flat`, `fixed` and the loss terms; for a key bound,
 * `hasKey`, `keyFixed` and the key terms; then `run`.
 * Slot s and strike index j are at s·m + j in `ok`, `atZero`, `atInfinity` and `keyTerms`.
 */
export class StrikeCombinations {
  slots = 0;
  /** Strikes of the group (its strike indices 0..m−1; `strikes[base + 2j]` is index j's). */
  m = 0;
  base = 0;
  strikes: Float64Array = new Float64Array(0);
  widthMax = Infinity;
  /** Butterflies: the upper wing mirrors the lower one. */
  equalWings = false;
  /** 1 where the slot may take the strike. */
  ok = new Uint8Array(0);
  /** Max-loss bound: the limit plus a tolerance for rounding (+∞: no bound). */
  limit = Infinity;
  /** The P/L is flat far above the strikes (calls and shares net to zero): the ∞ bound applies. */
  flat = false;
  /** Stock legs' terms (their fills), the same in both loss bounds. */
  fixed = 0;
  /** The slot's legs' terms of −P/L(0) and −P/L(∞); +∞ where the slot may not take the strike. */
  atZero = new Float64Array(0);
  atInfinity = new Float64Array(0);
  /** Key bound: a first sort key equal, up to rounding, to `keyFixed` plus one term per slot. */
  hasKey = false;
  keyFixed = 0;
  /** Oriented so that larger is better; −∞ where the slot may not take the strike. */
  keyTerms = new Float64Array(0);
  // Suffix minima of the loss terms and maxima of the key terms, at s·(m + 1) + j.
  #minZero = new Float64Array(0);
  #minInf = new Float64Array(0);
  #maxKey = new Float64Array(0);
  // The strike index chosen per slot, and the exact terms of the slots chosen before each level.
  #picked = new Int32Array(0);
  #sum0 = new Float64Array(0);
  #sumInf = new Float64Array(0);
  #sumKey = new Float64Array(0);
  #visitor: CombinationVisitor | null = null;

  /** Starts a group: every slot may take every strike, no bounds. */
  start(
    slots: number,
    m: number,
    strikes: Float64Array,
    base: number,
    widthMax: number,
    equalWings: boolean,
  ): void {
    this.slots = slots;
    this.m = m;
    this.strikes = strikes;
    this.base = base;
    this.widthMax = widthMax;
    this.equalWings = equalWings;
    this.limit = Infinity;
    this.flat = false;
    this.fixed = 0;
    this.hasKey = false;
    this.keyFixed = 0;
    const size = slots * m;
    if (this.ok.length < size) {
      const n = Math.max(size, 2 * this.ok.length, 64);
      this.ok = new Uint8Array(n);
      this.atZero = new Float64Array(n);
      this.atInfinity = new Float64Array(n);
      this.keyTerms = new Float64Array(n);
    }
    const suffix = slots * (m + 1);
    if (this.#minZero.length < suffix) {
      const n = Math.max(suffix, 2 * this.#minZero.length, 64);
      this.#minZero = new Float64Array(n);
      this.#minInf = new Float64Array(n);
      this.#maxKey = new Float64Array(n);
    }
    if (this.#picked.length < slots) {
      this.#picked = new Int32Array(slots);
      this.#sum0 = new Float64Array(slots + 1);
      this.#sumInf = new Float64Array(slots + 1);
      this.#sumKey = new Float64Array(slots + 1);
    }
    this.ok.fill(1, 0, size);
  }

  /**
   * Calls `visitor.visit` with the chosen strike index per slot for every combination that may
   * pass, slots strictly ascending.
   */
  run(visitor: CombinationVisitor): void {
    const { slots, m } = this;
    if (slots === 0 || m === 0) return;
    const loss = this.limit !== Infinity;
    for (let s = 0; s < slots; s++) {
      const at = s * m;
      const suffix = s * (m + 1);
      if (loss) {
        this.#minZero[suffix + m] = Infinity;
        this.#minInf[suffix + m] = Infinity;
        for (let j = m - 1; j >= 0; j--) {
          this.#minZero[suffix + j] = Math.min(this.atZero[at + j]!, this.#minZero[suffix + j + 1]!);
          this.#minInf[suffix + j] = Math.min(this.atInfinity[at + j]!, this.#minInf[suffix + j + 1]!);
        }
      }
      if (this.hasKey) {
        this.#maxKey[suffix + m] = -Infinity;
        for (let j = m - 1; j >= 0; j--)
          this.#maxKey[suffix + j] = Math.max(this.keyTerms[at + j]!, this.#maxKey[suffix + j + 1]!);
      }
    }
    this.#sum0[0] = this.fixed;
    this.#sumInf[0] = this.fixed;
    this.#sumKey[0] = this.keyFixed;
    this.#visitor = visitor;
    this.#step(0);
    this.#visitor = null;
  }

  /**
   * Bound of the terms of the slots after `level` when `level` takes index j, from their suffix
   * minima (`none` = +∞: a lower bound) or maxima (−∞: an upper bound); `none` when they do not fit.
   */
  #rest(suffix: Float64Array, level: number, j: number, none: number): number {
    const m = this.m;
    let r = 0;
    for (let s = level + 1; s < this.slots; s++) {
      const k = j + s - level;
      r += k < m ? suffix[s * (m + 1) + k]! : none;
    }
    return r;
  }

  #step(level: number): void {
    const { m, strikes, base, equalWings } = this;
    const picked = this.#picked;
    const at = level * m;
    const suffix = level * (m + 1);
    let from = level === 0 ? 0 : picked[level - 1]! + 1;
    const low = level === 0 ? 0 : strikes[base + 2 * picked[0]!]!;
    let mirror = -1;
    if (equalWings && level === 2) {
      // The upper wing mirrors the lower one: start at the first strike at or above 2·K1 − K0.
      const k0 = strikes[base + 2 * picked[0]!]!;
      const k1 = strikes[base + 2 * picked[1]!]!;
      while (from < m && strikes[base + 2 * from]! - k1 < k1 - k0 - STRIKE_EPS * strikes[base + 2 * from]!)
        from++;
      mirror = k1 - k0;
    }
    const top = strikes[base + 2 * (m - 1)]!;
    const last = level === this.slots - 1;
    const loss = this.limit !== Infinity;
    const { limit, flat, ok, atZero, atInfinity, keyTerms } = this;
    const minZero = this.#minZero;
    const minInf = this.#minInf;
    const maxKey = this.#maxKey;
    const key = this.hasKey;
    // The sums of the levels before this one, read once for the loop (it writes the next level's).
    const before0 = this.#sum0[level]!;
    const beforeInf = this.#sumInf[level]!;
    const beforeKey = this.#sumKey[level]!;
    const visitor = this.#visitor!;
    for (let j = from; j < m; j++) {
      const k = strikes[base + 2 * j]!;
      if (level > 0 && k - low > this.widthMax) break;
      // A butterfly's body further from the lower wing than the top strike allows has no upper wing.
      if (equalWings && level === 1 && k - low > top - k + STRIKE_EPS * top) break;
      if (mirror >= 0 && Math.abs(mirror - (k - strikes[base + 2 * picked[1]!]!)) > STRIKE_EPS * k) break;
      if (!ok[at + j]) continue;
      if (loss) {
        // Every later index fails once the suffix minima do (they only grow along the loop): stop;
        // this index fails on its own terms: skip it.
        const r0 = last ? 0 : this.#rest(minZero, level, j, Infinity);
        const rInf = !flat ? -Infinity : last ? 0 : this.#rest(minInf, level, j, Infinity);
        const stop0 = before0 + minZero[suffix + j]! + r0;
        const stopInf = flat ? beforeInf + minInf[suffix + j]! + rInf : -Infinity;
        if (Math.max(stop0, stopInf) > limit) break;
        const here0 = before0 + atZero[at + j]! + r0;
        const hereInf = flat ? beforeInf + atInfinity[at + j]! + rInf : -Infinity;
        if (Math.max(here0, hereInf) > limit) continue;
        this.#sum0[level + 1] = before0 + atZero[at + j]!;
        this.#sumInf[level + 1] = beforeInf + atInfinity[at + j]!;
      }
      if (key) {
        // As the loss bound, upside down: suffix maxima only fall along the loop. The floor rises
        // as the list improves, so it is read again for every index.
        const floor = visitor.floor();
        const r = last ? 0 : this.#rest(maxKey, level, j, -Infinity);
        if (beforeKey + maxKey[suffix + j]! + r < floor) {
          visitor.skipped();
          break;
        }
        if (beforeKey + keyTerms[at + j]! + r < floor) {
          visitor.skipped();
          continue;
        }
        this.#sumKey[level + 1] = beforeKey + keyTerms[at + j]!;
      }
      picked[level] = j;
      if (last) visitor.visit(picked);
      else this.#step(level + 1);
    }
  }
}
