// Tables of the WebAssembly kernels, filled by the loader (`kernels.ts`) from the JavaScript modules
// that compute them, so both languages read the same numbers: Φ and φ at the nodes of
// `normal-table.ts`, and `lnFast`'s tables from `log-table.ts`.

/** Index of the last node of the Φ/φ grid (step 1/64 over [−40, 40]). */
export const MIRROR: i32 = 5120;
/** Φ at the MIRROR + 1 nodes, then φ at the same nodes. */
export const CDF_NODES: usize = memory.data(16 * (MIRROR + 1), 16);
export const PDF_NODES: usize = CDF_NODES + (<usize>(MIRROR + 1) << 3);
/** `lnFast`'s tables: ln(1 + j/256), 256/(256 + j) for j = 0..256, and 2^−e by biased exponent. */
const LOG_STEPS: i32 = 256;
const LN_C: usize = memory.data(8 * (LOG_STEPS + 1), 16);
const INV_C: usize = memory.data(8 * (LOG_STEPS + 1), 16);
const POW2_NEG: usize = memory.data(8 * 2047, 16);
const MIN_NORMAL: f64 = 2.2250738585072014e-308;

/**
 * Where the loader copies table k: Φ then φ at the nodes (0), `lnFast`'s ln(1 + j/256) (1),
 * 256/(256 + j) (2) and 2^−e (3).
 */
export function tables(k: i32): usize {
  return k == 0 ? CDF_NODES : k == 1 ? LN_C : k == 2 ? INV_C : POW2_NEG;
}

/** `lnFast` of log-table.ts, operation for operation. */
export function ln(x: f64): f64 {
  if (!(x >= MIN_NORMAL && x < Infinity)) return Math.log(x);
  const high = <u32>(reinterpret<u64>(x) >>> 32);
  const biased = high >>> 20;
  // The top 8 of the 52 mantissa bits, rounded on the 9th.
  const j = <usize>(((high & 0xfffff) + 0x800) >>> 12) << 3;
  const t = x * (load<f64>(POW2_NEG + (<usize>biased << 3)) * load<f64>(INV_C + j)) - 1;
  const log1p = t * (1 + t * (-0.5 + t * (1.0 / 3 + t * (-0.25 + t * 0.2))));
  return <f64>(<i32>biased - 1023) * Math.LN2 + load<f64>(LN_C + j) + log1p;
}
