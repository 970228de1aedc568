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
 */

import type { Scratch } from './scratch.ts';

const STRIKE_EPS = 1e-9;
/** The loss terms of a scan without a max-loss bound: never read. */
const NO_TERMS = new Float64Array(0);

/** Max-loss bound of one expiration's combinations (see the module comment). */
export interface LossBound {
  /** The max-loss limit plus a tolerance for rounding. */
  readonly limit: number;
  /** The P/L is flat far above the strikes (calls and shares net to zero): the ∞ bound applies. */
  readonly flat: boolean;
  /** Stock legs' terms (their fills), the same in both bounds. */
  readonly fixed: number;
  /** Per slot and strike index: the slot's legs' terms for −P/L(0) and −P/L(∞); +∞ where not allowed. */
  readonly atZero: readonly Float64Array[];
  readonly atInfinity: readonly Float64Array[];
}

/**
 * Key bound of one expiration's combinations (see the module comment): a first sort key equal,
 * up to rounding, to `fixed` plus one term per slot, oriented so that a larger key is better.
 */
export interface KeyBound {
  readonly fixed: number;
  /** Per slot and strike index: the slot's legs' terms; −∞ where the slot may not take it. */
  readonly terms: readonly Float64Array[];
  /**
   * The oriented key a combination must reach to be kept: the top list's worst, less a margin
   * that covers rounding; NaN while the list has room (nothing is skipped).
   */
  readonly floor: () => number;
  /** Told when a combination or subtree is skipped for its key. */
  readonly skipped: () => void;
}

interface Suffix {
  readonly atZero: Float64Array[];
  readonly atInfinity: Float64Array[];
}

function suffixMinima(terms: readonly Float64Array[], m: number, scratch: Scratch): Float64Array[] {
  return terms.map((t) => {
    const out = scratch.doubles(m + 1);
    out[m] = Infinity;
    for (let j = m - 1; j >= 0; j--) out[j] = Math.min(t[j]!, out[j + 1]!);
    return out;
  });
}

function suffixMaxima(terms: readonly Float64Array[], m: number, scratch: Scratch): Float64Array[] {
  return terms.map((t) => {
    const out = scratch.doubles(m + 1);
    out[m] = -Infinity;
    for (let j = m - 1; j >= 0; j--) out[j] = Math.max(t[j]!, out[j + 1]!);
    return out;
  });
}

export interface Combinations {
  readonly slotOk: readonly Uint8Array[];
  readonly strikeCount: number;
  /** `strikes[base + 2j]` is the strike of index j (the snapshot's call rows). */
  readonly strikes: Float64Array;
  readonly base: number;
  readonly widthMax: number | null;
  readonly equalWings: boolean;
  readonly loss: LossBound | null;
  readonly key?: KeyBound | null;
}

/**
 * Calls `visit` with the chosen strike index per slot for every combination that may pass.
 * `picked` is reused: read it inside `visit`. The suffix minima are views of `scratch`.
 */
export function leftToRight(c: Combinations, scratch: Scratch, visit: (picked: Int32Array) => void): void {
  const { slotOk, strikeCount: m, strikes, base, equalWings, loss } = c;
  const key = c.key ?? null;
  const slots = slotOk.length;
  if (slots === 0) return;
  const picked = new Int32Array(slots);
  const maxWidth = c.widthMax ?? Infinity;
  const suffix: Suffix | null = loss
    ? { atZero: suffixMinima(loss.atZero, m, scratch), atInfinity: suffixMinima(loss.atInfinity, m, scratch) }
    : null;
  const keyMaxima = key ? suffixMaxima(key.terms, m, scratch) : null;
  // Exact terms of the slots chosen so far.
  const sum0 = new Float64Array(slots + 1);
  const sumInf = new Float64Array(slots + 1);
  const sumKey = new Float64Array(slots + 1);
  if (loss) {
    sum0[0] = loss.fixed;
    sumInf[0] = loss.fixed;
  }
  if (key) sumKey[0] = key.fixed;
  /**
   * Bound of the terms of the slots after `level` when `level` takes index j, from their suffix
   * minima (`none` = +∞: a lower bound) or maxima (−∞: an upper bound); `none` when they do not fit.
   */
  const rest = (terms: readonly Float64Array[], level: number, j: number, none: number): number => {
    let r = 0;
    for (let s = level + 1; s < slots; s++) {
      const k = j + s - level;
      r += k < m ? terms[s]![k]! : none;
    }
    return r;
  };
  const step = (level: number): void => {
    const ok = slotOk[level]!;
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
    const last = level === slots - 1;
    // This level's loss terms and the sums of the levels before it, read once for the loop (the
    // loop writes only the sums of the next level).
    const flat = loss?.flat === true;
    const limit = loss ? loss.limit : Infinity;
    const termZero = loss ? loss.atZero[level]! : NO_TERMS;
    const termInf = loss ? loss.atInfinity[level]! : NO_TERMS;
    const minZero = suffix ? suffix.atZero[level]! : NO_TERMS;
    const minInf = suffix ? suffix.atInfinity[level]! : NO_TERMS;
    const before0 = sum0[level]!;
    const beforeInf = sumInf[level]!;
    const termKey = key ? key.terms[level]! : NO_TERMS;
    const maxKey = keyMaxima ? keyMaxima[level]! : NO_TERMS;
    const beforeKey = sumKey[level]!;
    for (let j = from; j < m; j++) {
      const k = strikes[base + 2 * j]!;
      if (level > 0 && k - low > maxWidth) break;
      // A butterfly's body further from the lower wing than the top strike allows has no upper wing.
      if (equalWings && level === 1 && k - low > top - k + STRIKE_EPS * top) break;
      if (mirror >= 0 && Math.abs(mirror - (k - strikes[base + 2 * picked[1]!]!)) > STRIKE_EPS * k) break;
      if (!ok[j]) continue;
      if (suffix) {
        // Every later index fails once the suffix minima do (they only grow along the loop): stop;
        // this index fails on its own terms: skip it.
        const r0 = last ? 0 : rest(suffix.atZero, level, j, Infinity);
        const rInf = !flat ? -Infinity : last ? 0 : rest(suffix.atInfinity, level, j, Infinity);
        const stop0 = before0 + minZero[j]! + r0;
        const stopInf = flat ? beforeInf + minInf[j]! + rInf : -Infinity;
        if (Math.max(stop0, stopInf) > limit) break;
        const here0 = before0 + termZero[j]! + r0;
        const hereInf = flat ? beforeInf + termInf[j]! + rInf : -Infinity;
        if (Math.max(here0, hereInf) > limit) continue;
        sum0[level + 1] = before0 + termZero[j]!;
        sumInf[level + 1] = beforeInf + termInf[j]!;
      }
      if (key) {
        // As the loss bound, upside down: suffix maxima only fall along the loop. The floor rises
        // as the list improves, so it is read again for every index.
        const floor = key.floor();
        const r = last ? 0 : rest(keyMaxima!, level, j, -Infinity);
        if (beforeKey + maxKey[j]! + r < floor) {
          key.skipped();
          break;
        }
        if (beforeKey + termKey[j]! + r < floor) {
          key.skipped();
          continue;
        }
        sumKey[level + 1] = beforeKey + termKey[j]!;
      }
      picked[level] = j;
      if (last) visit(picked);
      else step(level + 1);
    }
  };
  step(0);
}
