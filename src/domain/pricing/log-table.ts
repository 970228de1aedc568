/**
 * Natural logarithm from a table, for the batch fast path, where `Math.log` of each new strike and
 * spot was the largest single cost left (V8 calls out to a C function for it), and for the
 * implied-volatility solver.
 *
 * x = 2^e·m with m ∈ [1, 2) rounded to the nearest c = 1 + j/256: ln x = e·ln 2 + ln c + ln(1 + t),
 * t = x/(2^e·c) − 1 with |t| ≤ 1/512, and ln(1 + t) by its series to t⁵ (the t⁶ term is below
 * 1e-17). e and j come from the high word of the double. Error below 5e-16·max(1, |ln x|) (tested):
 * what a sum of logarithms of order one needs. Zero, negative, subnormal, infinite and NaN
 * arguments go to `Math.log`. The batch fast path's WebAssembly kernel runs the same steps on these
 * tables (`wasm/bs-fast-rows.as.ts`).
 */

const MIN_NORMAL = 2 ** -1022;
const STEPS = 256;
/** ln(1 + j/256) and 1/(1 + j/256) for j = 0..256 (j = 256 is m rounded up to 2). */
export const LN_C = new Float64Array(STEPS + 1);
export const INV_C = new Float64Array(STEPS + 1);
for (let j = 0; j <= STEPS; j++) {
  LN_C[j] = Math.log1p(j / STEPS);
  INV_C[j] = STEPS / (STEPS + j);
}
// Exactly ln 2 at j = 256, so that for x just below 1 (e = −1, c = 2) the two terms cancel exactly.
LN_C[STEPS] = Math.LN2;
/** 2^−e for the exponent e of every normal double, indexed by the biased exponent e + 1023. */
export const POW2_NEG = new Float64Array(2047);
for (let k = 1; k < 2047; k++) POW2_NEG[k] = 2 ** (1023 - k);

const WORD = new Float64Array(1);
const BITS = new Uint32Array(WORD.buffer);
/** Index of the high word (sign, exponent, top of the mantissa) in this machine's byte order. */
const HIGH = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 1 : 0;
const THIRD = 1 / 3;

/** ln x; error below 5e-16·max(1, |ln x|) for positive normal x, `Math.log` elsewhere. */
export function lnFast(x: number): number {
  if (!(x >= MIN_NORMAL && x < Number.POSITIVE_INFINITY)) return Math.log(x);
  WORD[0] = x;
  const high = BITS[HIGH]!;
  const biased = high >>> 20;
  // The top 8 of the 52 mantissa bits, rounded on the 9th.
  const j = ((high & 0xfffff) + 0x800) >>> 12;
  const t = x * (POW2_NEG[biased]! * INV_C[j]!) - 1;
  const log1p = t * (1 + t * (-0.5 + t * (THIRD + t * (-0.25 + t * 0.2))));
  return (biased - 1023) * Math.LN2 + LN_C[j]! + log1p;
}
