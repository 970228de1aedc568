/**
 * A bounded, sorted list of the best trades of one underlying (or of a narrowed scan), best first.
 * A trade is its sort keys and its option rows (leg order); the order is the scan's order
 * (`compareTrades`). Storage is preallocated typed arrays: offering a trade never allocates, and
 * memory is capacity × (keys + rows) whatever the number of candidates.
 */

/**
 * Order of two trades by their sort keys (NaN, i.e. null, last in either direction), then by the
 * tie-break: the underlying's symbol rank, then the option rows in leg order (rows are sorted by
 * expiration, strike, call before put, so this is the contracts' order). Negative: a first.
 */
export function compareTrades(
  desc: readonly boolean[],
  keysA: ArrayLike<number>,
  offA: number,
  rankA: number,
  rowsA: ArrayLike<number>,
  rowOffA: number,
  keysB: ArrayLike<number>,
  offB: number,
  rankB: number,
  rowsB: ArrayLike<number>,
  rowOffB: number,
  legs: number,
): number {
  for (let k = 0; k < desc.length; k++) {
    const a = keysA[offA + k]!;
    const b = keysB[offB + k]!;
    if (a === b) continue;
    const na = Number.isNaN(a);
    const nb = Number.isNaN(b);
    if (na || nb) {
      if (na && nb) continue;
      return na ? 1 : -1;
    }
    return a < b !== desc[k] ? -1 : 1;
  }
  if (rankA !== rankB) return rankA - rankB;
  for (let i = 0; i < legs; i++) {
    const d = rowsA[rowOffA + i]! - rowsB[rowOffB + i]!;
    if (d !== 0) return d;
  }
  return 0;
}

export class TopList {
  readonly capacity: number;
  readonly keyCount: number;
  readonly legs: number;
  readonly desc: readonly boolean[];
  size = 0;
  /** Passing trades seen (kept or not). */
  count = 0;
  readonly keys: Float64Array;
  readonly rows: Int32Array;
  #rank = 0;

  constructor(capacity: number, desc: readonly boolean[], legs: number) {
    this.capacity = capacity;
    this.desc = desc;
    this.keyCount = desc.length;
    this.legs = legs;
    this.keys = new Float64Array(Math.max(capacity * this.keyCount, 1));
    this.rows = new Int32Array(Math.max(capacity * legs, 1));
  }

  /** Empties the list for the next underlying, whose symbol rank breaks ties. */
  reset(rank: number): void {
    this.size = 0;
    this.count = 0;
    this.#rank = rank;
  }

  /**
   * The first sort key of the worst kept trade once the list is full, NaN while it has room: what
   * a bound on that key must beat.
   */
  worstFirstKey(): number {
    return this.size === this.capacity ? this.keys[(this.size - 1) * this.keyCount]! : Number.NaN;
  }

  /** Would a trade with these keys and rows be kept? (Counts nothing.) */
  wouldKeep(keys: ArrayLike<number>, rows: ArrayLike<number>): boolean {
    if (this.size < this.capacity) return true;
    const last = this.size - 1;
    const c = compareTrades(
      this.desc,
      keys,
      0,
      this.#rank,
      rows,
      0,
      this.keys,
      last * this.keyCount,
      this.#rank,
      this.rows,
      last * this.legs,
      this.legs,
    );
    return c < 0;
  }

  /** Records a passing trade: counts it and keeps it when it is among the best `capacity`. */
  offer(keys: ArrayLike<number>, rows: ArrayLike<number>): void {
    this.count++;
    if (!this.wouldKeep(keys, rows)) return;
    // Binary search of the insertion point among the kept trades.
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = compareTrades(
        this.desc,
        keys,
        0,
        this.#rank,
        rows,
        0,
        this.keys,
        mid * this.keyCount,
        this.#rank,
        this.rows,
        mid * this.legs,
        this.legs,
      );
      if (c < 0) hi = mid;
      else lo = mid + 1;
    }
    const end = Math.min(this.size, this.capacity - 1);
    const kc = this.keyCount;
    const lc = this.legs;
    this.keys.copyWithin((lo + 1) * kc, lo * kc, end * kc);
    this.rows.copyWithin((lo + 1) * lc, lo * lc, end * lc);
    for (let k = 0; k < kc; k++) this.keys[lo * kc + k] = keys[k]!;
    for (let i = 0; i < lc; i++) this.rows[lo * lc + i] = rows[i]!;
    if (this.size < this.capacity) this.size++;
  }
}
