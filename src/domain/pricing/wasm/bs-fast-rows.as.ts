import { CDF_NODES, ln, MIRROR, PDF_NODES } from './tables.as';

// The fast path of the Black-Scholes-Merton batch (`batch.ts`; the exact path is `bs-kernel.ts`), in
// AssemblyScript compiled to WebAssembly with 128-bit SIMD (`npm run build:wasm` writes
// `kernels.wasm.ts`). The JavaScript loop it replaces spent most of its time on typed-array bounds
// checks and reloads and on one lane of arithmetic; here a row's loads and stores are plain memory
// accesses and two strikes share each instruction. docs/PRICING.md gives the formulas and the measurements.
//
// The caller (`bs-fast-rows.ts`) copies up to BLOCK rows into the input columns, calls `priceRows`,
// and copies the outputs back. Memory layout, all f64 columns of BLOCK rows:
//   S, K, T, r, q, σ, ln K (inputs), price, delta, gamma, theta, vega (outputs),
// then `isCall` (one byte per row) and the indices of the rows `priceRows` left to the caller.
// The tables (Φ and φ at the nodes, the logarithm's) are those of `tables.as.ts`, so `ln` here gives
// the bits of `lnFast` there.
//
// Per row, with the terms shared by a run of rows of one expiration and spot kept from row to row:
//   d1 = (ln S − ln K + (r − q)T)/(σ√T) + σ√T/2, d2 = d1 − σ√T, clamped to the grid ±40;
//   Φ(d) = Φ(x0) + φ(x0)·(h − x0h²/2 + (x0²−1)h³/6 + (3x0−x0³)h⁴/24) at the nearest node x0;
//   φ(d1) = φ(x0)·e^u, u = −h(d1 − h/2), e^u to u⁴;
//   a put reads Φ at the mirrored node, Φ(−x0 − h) = Φ(−x0) − (Φ(x0 + h) − Φ(x0)).
// Lanes: a chain lists the call and the put of each strike together, so four rows "call, put of one
// strike, call, put of the next" with one spot and expiration are priced as two lanes, one per
// strike, and each output is two 128-bit stores. Any other row is priced alone in lane 0. Each lane
// runs the same operations in the same order, so a row gets the same bits on either path.

const BLOCK: i32 = 4096;
const GRID: f64 = 64;
const GRID_MAX: f64 = 40;
const STEP: f64 = 1.0 / 64;
const PER_DAY: f64 = 1.0 / 365;
/** σ√T at or below which the caller prices the row as its limit (see `limitRow`). */
const MIN_STD_DEV: f64 = 1e-12;
/** ln K by strike for callers without the column: direct-mapped on the strike's cents. */
const LN_K_SLOTS: i32 = 1024;


// The loop's constants, each as a pair of lanes in memory. V8 builds a splatted constant afresh at
// every use, three or four instructions inside the loop, and does not move it out; a constant read
// from memory is one load, shared by its uses in an iteration. Indices into CONSTANTS:
const LOW_END = 0; // −GRID_MAX
const HIGH_END = 1; // GRID_MAX
const PER_STEP = 2; // GRID
const HALF = 3;
const STEP_SIZE = 4; // STEP
const THREE = 5;
const TWENTY_FOURTH = 6;
const SIXTH = 7;
const ONE = 8;
const MINUS_HALF = 9;
const MIN_SD = 10; // MIN_STD_DEV
const CONSTANTS: usize = memory.data<f64>(
  [
    -GRID_MAX, -GRID_MAX, GRID_MAX, GRID_MAX, GRID, GRID, 0.5, 0.5, STEP, STEP, 3, 3, 1.0 / 24, 1.0 / 24,
    1.0 / 6, 1.0 / 6, 1, 1, -0.5, -0.5, MIN_STD_DEV, MIN_STD_DEV,
  ],
  16,
);

@inline function constant(k: i32): v128 {
  return v128.load(CONSTANTS + (<usize>k << 4));
}

const COLUMNS: usize = memory.data(8 * BLOCK * 12, 16);
const IS_CALL: usize = memory.data(BLOCK, 16);
const LEFT_ROWS: usize = memory.data(4 * BLOCK, 16);
const LN_K_KEYS: usize = memory.data(8 * LN_K_SLOTS, 16);
const LN_K_VALUES: usize = memory.data(8 * LN_K_SLOTS, 16);

export function blockRows(): i32 {
  return BLOCK;
}
/** Address of the f64 columns (12 × BLOCK), in the order given above. */
export function columns(): usize {
  return COLUMNS;
}
export function isCallColumn(): usize {
  return IS_CALL;
}
/** Address of the i32 indices of the rows left to the caller by the last `priceRows`. */
export function leftRows(): usize {
  return LEFT_ROWS;
}

// Strike cache empty: NaN equals no strike.
for (let slot = 0; slot < LN_K_SLOTS; slot++) store<f64>(LN_K_KEYS + (<usize>slot << 3), NaN);

@inline function column(k: i32): usize {
  return COLUMNS + <usize>(k * BLOCK * 8);
}

@inline function splat(x: f64): v128 {
  return f64x2.splat(x);
}

/** The doubles at addresses a and b as lanes 0 and 1: two loads into the vector. */
@inline function gather(a: usize, b: usize): v128 {
  return v128.load64_lane(b, v128.load64_zero(a), 1);
}

@inline function lanes(a: f64, b: f64): v128 {
  return f64x2.replace_lane(f64x2.splat(a), 1, b);
}

@inline function evens(a: v128, b: v128): v128 {
  return v128.shuffle<i64>(a, b, 0, 2);
}

@inline function odds(a: v128, b: v128): v128 {
  return v128.shuffle<i64>(a, b, 1, 3);
}

@inline function lnStrike(K: f64): f64 {
  const slot = (<usize>(<i32>(K * 100) & (LN_K_SLOTS - 1))) << 3;
  if (load<f64>(LN_K_KEYS + slot) == K) return load<f64>(LN_K_VALUES + slot);
  return lnStrikeMiss(K, slot);
}

// A cache miss is kept out of line so the hot loop carries no code it rarely runs.
function lnStrikeMiss(K: f64, slot: usize): f64 {
  const value = ln(K);
  store<f64>(LN_K_KEYS + slot, K);
  store<f64>(LN_K_VALUES + slot, value);
  return value;
}

/** x clamped to the grid; NaN stays NaN (and lands on node 0 through the saturating conversion). */
@inline function clamp(x: v128): v128 {
  return f64x2.pmin(f64x2.pmax(x, constant(LOW_END)), constant(HIGH_END));
}

/** Nearest node of each lane of a clamped d (as i32 lanes 0 and 1). */
@inline function nodes(d: v128): v128 {
  const scaled = f64x2.mul(f64x2.add(d, constant(HIGH_END)), constant(PER_STEP));
  return i32x4.trunc_sat_f64x2_s_zero(f64x2.add(scaled, constant(HALF)));
}

@inline function nodeValues(x: v128): v128 {
  return f64x2.sub(f64x2.mul(f64x2.convert_low_i32x4_s(x), constant(STEP_SIZE)), constant(HIGH_END));
}

/** Φ(x0 + h) − Φ(x0) from φ(x0), to h⁴. */
@inline function cdfIncrement(x0: v128, h: v128, pdfNode: v128): v128 {
  const x2 = f64x2.mul(x0, x0);
  const c4 = f64x2.mul(f64x2.mul(f64x2.mul(h, f64x2.sub(constant(THREE), x2)), x0), constant(TWENTY_FOURTH));
  const c3 = f64x2.add(f64x2.mul(f64x2.sub(x2, constant(ONE)), constant(SIXTH)), c4);
  const c2 = f64x2.add(f64x2.mul(constant(MINUS_HALF), x0), f64x2.mul(h, c3));
  return f64x2.mul(pdfNode, f64x2.mul(h, f64x2.add(constant(ONE), f64x2.mul(h, c2))));
}

/** φ(x0 + h) = φ(x0)·e^u, u = −h(d − h/2), e^u to u⁴. */
@inline function pdfAt(d: v128, h: v128, pdfNode: v128): v128 {
  const u = f64x2.mul(f64x2.neg(h), f64x2.sub(d, f64x2.mul(constant(HALF), h)));
  let e = f64x2.add(constant(SIXTH), f64x2.mul(u, constant(TWENTY_FOURTH)));
  e = f64x2.add(constant(HALF), f64x2.mul(u, e));
  e = f64x2.add(constant(ONE), f64x2.mul(u, e));
  e = f64x2.add(constant(ONE), f64x2.mul(u, e));
  return f64x2.mul(pdfNode, e);
}

/**
 * Prices rows [0, n) of the block. Rows with T ≤ 0 or σ√T ≤ 1e-12 (or NaN inputs there) are not
 * written: their indices go to `leftRows`, and the count is returned, for the caller to price them
 * as their limits.
 */
export function priceRows(n: i32, hasLnK: bool): i32 {
  const S_COL = column(0);
  const K_COL = column(1);
  const T_COL = column(2);
  const R_COL = column(3);
  const Q_COL = column(4);
  const SIGMA_COL = column(5);
  const LN_K_COL = column(6);
  const PRICE = column(7);
  const DELTA = column(8);
  const GAMMA = column(9);
  const THETA = column(10);
  const VEGA = column(11);
  const MIRROR_OFFSET = <usize>MIRROR << 3;
  // Terms shared by consecutive rows: per (T, r, q) and per spot.
  let lastT: f64 = NaN;
  let lastR: f64 = NaN;
  let lastQ: f64 = NaN;
  let lastS: f64 = NaN;
  let dfR: f64 = 0;
  let dfQ: f64 = 0;
  let sqrtT: f64 = 0;
  let carry: f64 = 0;
  let thetaScale: f64 = 0;
  let vegaScale: f64 = 0;
  let rPerDay: f64 = 0;
  let qPerDay: f64 = 0;
  let invS2: f64 = 0;
  let lnS: f64 = 0;
  let spot: f64 = 0;
  let left: i32 = 0;
  let i: i32 = 0;
  while (i < n) {
    const at = <usize>i << 3;
    const S = load<f64>(S_COL + at);
    const T = load<f64>(T_COL + at);
    const r = load<f64>(R_COL + at);
    const q = load<f64>(Q_COL + at);
    if (T != lastT || r != lastR || q != lastQ) {
      lastT = T;
      lastR = r;
      lastQ = q;
      dfR = Math.exp(-r * T);
      dfQ = Math.exp(-q * T);
      sqrtT = Math.sqrt(T);
      carry = (r - q) * T;
      thetaScale = (-0.5 * PER_DAY) / sqrtT;
      vegaScale = 0.01 * sqrtT;
      rPerDay = r * PER_DAY;
      qPerDay = q * PER_DAY;
      // The spot value carries e^{−qT}.
      lastS = NaN;
    }
    if (!(load<f64>(SIGMA_COL + at) * sqrtT > MIN_STD_DEV && T > 0)) {
      store<i32>(LEFT_ROWS + (<usize>left << 2), i);
      left++;
      i++;
      continue;
    }
    if (S != lastS) {
      lastS = S;
      invS2 = 1 / (S * S);
      lnS = ln(S);
      spot = S * dfQ;
    }
    // Four rows "call, put, call, put" (bytes 1, 0, 1, 0) with this spot and expiration, each pair
    // of one strike and σ, and a live σ√T for the second strike: two lanes.
    let both = false;
    let strikes = splat(0);
    let vols = strikes;
    if (i + 3 < n && load<u32>(IS_CALL + <usize>i) == 0x00010001) {
      const k01 = v128.load(K_COL + at);
      const k23 = v128.load(K_COL + at, 16);
      const v01 = v128.load(SIGMA_COL + at);
      const v23 = v128.load(SIGMA_COL + at, 16);
      strikes = evens(k01, k23);
      vols = evens(v01, v23);
      const s = splat(S);
      const t = splat(T);
      const rr = splat(r);
      const qq = splat(q);
      let same = v128.and(
        v128.and(f64x2.eq(v128.load(S_COL + at), s), f64x2.eq(v128.load(S_COL + at, 16), s)),
        v128.and(f64x2.eq(v128.load(T_COL + at), t), f64x2.eq(v128.load(T_COL + at, 16), t)),
      );
      same = v128.and(
        same,
        v128.and(
          v128.and(f64x2.eq(v128.load(R_COL + at), rr), f64x2.eq(v128.load(R_COL + at, 16), rr)),
          v128.and(f64x2.eq(v128.load(Q_COL + at), qq), f64x2.eq(v128.load(Q_COL + at, 16), qq)),
        ),
      );
      same = v128.and(same, v128.and(f64x2.eq(strikes, odds(k01, k23)), f64x2.eq(vols, odds(v01, v23))));
      same = v128.and(same, f64x2.gt(f64x2.mul(vols, splat(sqrtT)), constant(MIN_SD)));
      both = i64x2.all_true(same);
    }
    let lnK: v128;
    if (both) {
      lnK = hasLnK
        ? evens(v128.load(LN_K_COL + at), v128.load(LN_K_COL + at, 16))
        : lanes(lnStrike(f64x2.extract_lane(strikes, 0)), lnStrike(f64x2.extract_lane(strikes, 1)));
    } else {
      const K = load<f64>(K_COL + at);
      strikes = splat(K);
      vols = splat(load<f64>(SIGMA_COL + at));
      lnK = splat(hasLnK ? load<f64>(LN_K_COL + at) : lnStrike(K));
    }
    const sd = f64x2.mul(vols, splat(sqrtT));
    const invSd = f64x2.div(constant(ONE), sd);
    const moneyness = f64x2.add(f64x2.sub(splat(lnS), lnK), splat(carry));
    const d1 = clamp(f64x2.add(f64x2.mul(moneyness, invSd), f64x2.mul(constant(HALF), sd)));
    const d2 = clamp(f64x2.sub(d1, sd));
    const j1 = nodes(d1);
    const j2 = nodes(d2);
    const a1 = <usize>i32x4.extract_lane(j1, 0) << 3;
    const b1 = <usize>i32x4.extract_lane(j1, 1) << 3;
    const a2 = <usize>i32x4.extract_lane(j2, 0) << 3;
    const b2 = <usize>i32x4.extract_lane(j2, 1) << 3;
    const x1 = nodeValues(j1);
    const x2 = nodeValues(j2);
    const h1 = f64x2.sub(d1, x1);
    const pdf1 = gather(PDF_NODES + a1, PDF_NODES + b1);
    const pdf2 = gather(PDF_NODES + a2, PDF_NODES + b2);
    const w1 = cdfIncrement(x1, h1, pdf1);
    const w2 = cdfIncrement(x2, f64x2.sub(d2, x2), pdf2);
    const spotPdf = f64x2.mul(splat(spot), pdfAt(d1, h1, pdf1));
    const gamma = f64x2.mul(f64x2.mul(spotPdf, invSd), splat(invS2));
    const vega = f64x2.mul(spotPdf, splat(vegaScale));
    const decay = f64x2.mul(f64x2.mul(spotPdf, vols), splat(thetaScale));
    // Φ(±d) on the side of each right: the call at node x0, the put at the mirrored node.
    const n1Call = f64x2.add(gather(CDF_NODES + a1, CDF_NODES + b1), w1);
    const n1Put = f64x2.sub(
      gather(CDF_NODES + MIRROR_OFFSET - a1, CDF_NODES + MIRROR_OFFSET - b1),
      w1,
    );
    const n2Call = f64x2.add(gather(CDF_NODES + a2, CDF_NODES + b2), w2);
    const n2Put = f64x2.sub(
      gather(CDF_NODES + MIRROR_OFFSET - a2, CDF_NODES + MIRROR_OFFSET - b2),
      w2,
    );
    const strike = f64x2.mul(strikes, splat(dfR));
    // ±spot·Φ(±d1) and ±strike·Φ(±d2), signed by the right.
    const spotCall = f64x2.mul(splat(spot), n1Call);
    const spotPut = f64x2.mul(splat(-spot), n1Put);
    const strikeCall = f64x2.mul(strike, n2Call);
    const strikePut = f64x2.mul(f64x2.neg(strike), n2Put);
    const priceCall = f64x2.sub(spotCall, strikeCall);
    const pricePut = f64x2.sub(spotPut, strikePut);
    const deltaCall = f64x2.mul(splat(dfQ), n1Call);
    const deltaPut = f64x2.mul(splat(-dfQ), n1Put);
    const thetaCall = f64x2.sub(
      f64x2.add(decay, f64x2.mul(splat(qPerDay), spotCall)),
      f64x2.mul(splat(rPerDay), strikeCall),
    );
    const thetaPut = f64x2.sub(
      f64x2.add(decay, f64x2.mul(splat(qPerDay), spotPut)),
      f64x2.mul(splat(rPerDay), strikePut),
    );
    if (both) {
      v128.store(PRICE + at, evens(priceCall, pricePut));
      v128.store(PRICE + at, odds(priceCall, pricePut), 16);
      v128.store(DELTA + at, evens(deltaCall, deltaPut));
      v128.store(DELTA + at, odds(deltaCall, deltaPut), 16);
      v128.store(THETA + at, evens(thetaCall, thetaPut));
      v128.store(THETA + at, odds(thetaCall, thetaPut), 16);
      v128.store(GAMMA + at, evens(gamma, gamma));
      v128.store(GAMMA + at, odds(gamma, gamma), 16);
      v128.store(VEGA + at, evens(vega, vega));
      v128.store(VEGA + at, odds(vega, vega), 16);
      i += 4;
    } else {
      const call = load<u8>(IS_CALL + <usize>i) != 0;
      store<f64>(PRICE + at, f64x2.extract_lane(call ? priceCall : pricePut, 0));
      store<f64>(DELTA + at, f64x2.extract_lane(call ? deltaCall : deltaPut, 0));
      store<f64>(THETA + at, f64x2.extract_lane(call ? thetaCall : thetaPut, 0));
      store<f64>(GAMMA + at, f64x2.extract_lane(gamma, 0));
      store<f64>(VEGA + at, f64x2.extract_lane(vega, 0));
      i++;
    }
  }
  return left;
}
