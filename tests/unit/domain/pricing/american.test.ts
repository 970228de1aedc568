/**
 * The American model against an independent implementation: a Leisen–Reimer binomial lattice with
 * early exercise at every node, written here from the textbook (Leisen & Reimer 1996, Peizer–Pratt
 * inversion 2), on random inputs; and the properties every American price must have.
 */
import { describe, expect, test } from 'vitest';
import { ExerciseStyle } from '#domain/contracts/exercise-style.ts';
import {
  americanGreeks,
  americanImpliedVol,
  americanPrice,
  greeksByStyle,
  impliedVolByStyle,
} from '#domain/pricing/american.ts';
import {
  bjerksundStenslandCall,
  flatBoundaryValueAt,
  IMMATERIAL_PREMIUM,
} from '#domain/pricing/bjerksund-stensland.ts';
import { bsGreeks, bsPrice } from '#domain/pricing/black-scholes.ts';
import { impliedVol } from '#domain/pricing/implied-vol.ts';
import { Rng } from '#server/market/rng.ts';

/** Peizer–Pratt method 2: the probability that a binomial of n steps matches N(z). */
function peizerPratt(z: number, n: number): number {
  const t = z / (n + 1 / 3 + 0.1 / (n + 1));
  return 0.5 + Math.sign(z) * 0.5 * Math.sqrt(1 - Math.exp(-t * t * (n + 1 / 6)));
}

/** American option on a Leisen–Reimer tree of `steps` (odd) steps. */
function leisenReimer(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  v: number,
  steps: number,
): number {
  const dt = T / steps;
  const sd = v * Math.sqrt(T);
  const d1 = (Math.log(S / K) + (r - q + (v * v) / 2) * T) / sd;
  const d2 = d1 - sd;
  const p = peizerPratt(d2, steps);
  const pStar = peizerPratt(d1, steps);
  const growth = Math.exp((r - q) * dt);
  const up = (growth * pStar) / p;
  const down = (growth - p * up) / (1 - p);
  const disc = Math.exp(-r * dt);
  const values = new Float64Array(steps + 1);
  for (let j = 0; j <= steps; j++) {
    const s = S * up ** j * down ** (steps - j);
    values[j] = Math.max(isCall ? s - K : K - s, 0);
  }
  for (let n = steps - 1; n >= 0; n--) {
    for (let j = 0; j <= n; j++) {
      const s = S * up ** j * down ** (n - j);
      const hold = disc * (p * (values[j + 1] as number) + (1 - p) * (values[j] as number));
      values[j] = Math.max(hold, isCall ? s - K : K - s);
    }
  }
  return values[0] as number;
}

interface Case {
  isCall: boolean;
  S: number;
  K: number;
  T: number;
  r: number;
  q: number;
  v: number;
}

function randomCases(n: number, seed: number): Case[] {
  const rng = new Rng(seed);
  const rand = () => rng.next();
  return Array.from({ length: n }, () => ({
    isCall: rand() < 0.5,
    S: 100,
    K: 100 * Math.exp(-0.4 + 0.8 * rand()),
    T: 0.01 + 1.99 * rand(),
    r: 0.08 * rand(),
    q: 0.06 * rand(),
    v: 0.08 + 0.72 * rand(),
  }));
}

describe('Bjerksund–Stensland (1993)', () => {
  test('matches the published value of the model (Haug, The Complete Guide, table 1-6: 5.2704)', () => {
    // S 42, K 40, T 0.75, r 4%, b −4% (q 8%), σ 35%.
    expect(bjerksundStenslandCall(42, 40, 0.75, 0.04, -0.04, 0.35)).toBeCloseTo(5.2704, 4);
  });

  test('a call without dividends is the European price, exactly', () => {
    for (const c of randomCases(200, 7)) {
      expect(americanPrice(true, c.S, c.K, c.T, c.r, 0, c.v)).toBe(bsPrice(true, c.S, c.K, c.T, c.r, 0, c.v));
      expect(americanGreeks(true, c.S, c.K, c.T, c.r, 0, c.v)).toEqual(
        bsGreeks(true, c.S, c.K, c.T, c.r, 0, c.v),
      );
    }
  });

  test('within 0.8% of the strike of an 801-step Leisen–Reimer lattice on 2,000 random options', () => {
    let worst = 0;
    let worstRelative = 0;
    for (const c of randomCases(2000, 2026)) {
      const model = americanPrice(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v);
      const lattice = leisenReimer(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v, 801);
      const error = Math.abs(model - lattice) / c.K;
      worst = Math.max(worst, error);
      if (lattice > 0.05) worstRelative = Math.max(worstRelative, Math.abs(model - lattice) / lattice);
    }
    console.info(
      `max |error| / K ${worst.toExponential(3)}, max relative error (price > 0.05) ${worstRelative.toExponential(3)}`,
    );
    expect(worst).toBeLessThan(8e-3);
  });

  test('the analytic derivatives of the flat-boundary value in S (first, second) and σ match its finite differences', () => {
    const sensitivities = new Float64Array(3);
    let checked = 0;
    for (const c of randomCases(2000, 8)) {
      const flat = (S: number, v: number, out: Float64Array | null = null) =>
        flatBoundaryValueAt(
          c.isCall,
          S,
          c.K,
          c.T,
          c.r,
          c.q,
          v,
          Math.sqrt(c.T),
          Math.exp(-c.r * c.T),
          Math.exp(-c.q * c.T),
          out,
        );
      const value = flat(c.S, c.v, sensitivities);
      // No trigger, or past it (V = exercise value: the derivatives are those of S − K or K − S).
      if (Number.isNaN(value) || value === (c.isCall ? c.S - c.K : c.K - c.S)) continue;
      checked++;
      const h = 1e-3;
      const up = flat(c.S + h, c.v);
      const down = flat(c.S - h, c.v);
      const [delta, gamma, vega] = sensitivities;
      expect(delta).toBeCloseTo((up - down) / (2 * h), 6);
      expect(Math.abs((gamma as number) - (up - 2 * value + down) / (h * h))).toBeLessThan(1e-4);
      const dv = 1e-5;
      const slope = (flat(c.S, c.v + dv) - flat(c.S, c.v - dv)) / (2 * dv);
      expect(Math.abs((vega as number) - slope)).toBeLessThan(1e-5 * (1 + Math.abs(slope)));
    }
    expect(checked).toBeGreaterThan(1000);
  });

  test('the flat-boundary value is the exercise value exactly where the spot is at or past the trigger I (computed here from the formulas)', () => {
    let past = 0;
    let before = 0;
    // Spots around the strike and far past the trigger, so that both tests that place the spot past
    // I (the bound B₀(1 + bT + 2σ√T) without the trigger, and I itself) decide some cases.
    for (const c of randomCases(4000, 77)) {
      for (const S of [c.S, c.S * 1.6, c.S / 1.6]) {
        // A put is the call C(K, S) with r and q swapped.
        const [s, k, r, q] = c.isCall ? [S, c.K, c.r, c.q] : [c.K, S, c.q, c.r];
        const b = r - q;
        const v2 = c.v * c.v;
        const bv = b / v2 - 0.5;
        const beta = -bv + Math.sqrt(bv * bv + (2 * r) / v2);
        const bInf = (beta / (beta - 1)) * k;
        const b0 = Math.max(k, (r / (r - b)) * k);
        if (!(bInf > b0) || !(c.isCall ? c.q > 0 : c.r > 0)) continue;
        const h = (-(b * c.T + 2 * c.v * Math.sqrt(c.T)) * b0) / (bInf - b0);
        const I = b0 + (bInf - b0) * (1 - Math.exp(h));
        const value = flatBoundaryValueAt(
          c.isCall,
          S,
          c.K,
          c.T,
          c.r,
          c.q,
          c.v,
          Math.sqrt(c.T),
          Math.exp(-c.r * c.T),
          Math.exp(-c.q * c.T),
        );
        // Away from the trigger by more than rounding: exercised exactly when past it.
        if (Math.abs(s / I - 1) < 1e-12) continue;
        if (s > I) past++;
        else before++;
        expect(value === s - k).toBe(s > I);
      }
    }
    expect(past).toBeGreaterThan(1000);
    expect(before).toBeGreaterThan(1000);
  });

  test('the flat-boundary value is skipped only where its premium over the European price is at most $0.0005', () => {
    let skipped = 0;
    for (const c of randomCases(5000, 404)) {
      const sqrtT = Math.sqrt(c.T);
      const dfR = Math.exp(-c.r * c.T);
      const dfQ = Math.exp(-c.q * c.T);
      const at = (immaterial: number) =>
        flatBoundaryValueAt(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v, sqrtT, dfR, dfQ, null, immaterial);
      const full = at(0);
      if (Number.isNaN(full) || !Number.isNaN(at(IMMATERIAL_PREMIUM))) continue;
      skipped++;
      expect(full - bsPrice(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v)).toBeLessThanOrEqual(
        IMMATERIAL_PREMIUM + 1e-12,
      );
    }
    expect(skipped).toBeGreaterThan(500);
  });

  test('properties: ≥ European, ≥ exercise value, monotone in S and σ, put-call bounds', () => {
    for (const c of randomCases(1000, 99)) {
      const a = (s: number, v = c.v) => americanPrice(c.isCall, s, c.K, c.T, c.r, c.q, v);
      const price = a(c.S);
      expect(price).toBeGreaterThanOrEqual(bsPrice(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v));
      expect(price).toBeGreaterThanOrEqual(Math.max(c.isCall ? c.S - c.K : c.K - c.S, 0));
      const sign = c.isCall ? 1 : -1;
      expect(sign * (a(c.S * 1.01) - price)).toBeGreaterThanOrEqual(-1e-12);
      expect(a(c.S, c.v + 0.02)).toBeGreaterThanOrEqual(price - 1e-12);
      // American put-call bounds: S·e^{−qT} − K ≤ C − P ≤ S − K·e^{−rT}.
      const call = americanPrice(true, c.S, c.K, c.T, c.r, c.q, c.v);
      const put = americanPrice(false, c.S, c.K, c.T, c.r, c.q, c.v);
      expect(call - put).toBeGreaterThanOrEqual(c.S * Math.exp(-c.q * c.T) - c.K - 1e-9);
      expect(call - put).toBeLessThanOrEqual(c.S - c.K * Math.exp(-c.r * c.T) + 1e-9);
    }
  });

  test('greeks: delta and vega have the signs of the option, gamma is not negative', () => {
    for (const c of randomCases(300, 5)) {
      const g = americanGreeks(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v);
      expect(g.price).toBe(americanPrice(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v));
      expect(c.isCall ? g.delta : -g.delta).toBeGreaterThanOrEqual(-1e-9);
      expect(Math.abs(g.delta)).toBeLessThanOrEqual(1 + 1e-6);
      expect(g.vega).toBeGreaterThanOrEqual(-1e-9);
      expect(g.gamma).toBeGreaterThanOrEqual(-1e-6);
    }
  });

  test('greeks within 0.025 (delta), 0.01 (gamma), $0.008/day (theta), $0.025/point (vega) of a 401-step lattice on 300 random options, nearer on average than the BSM greeks', () => {
    // The lattice's greeks by central differences of its price: S ± 1%, σ ± 1 vol point, T ± 1 day.
    const lattice = (c: Case, dS: number, dV: number, dT: number) =>
      leisenReimer(c.isCall, c.S + dS, c.K, c.T + dT, c.r, c.q, c.v + dV, 401);
    const names = ['delta', 'gamma', 'theta', 'vega'] as const;
    const worst = { delta: 0, gamma: 0, theta: 0, vega: 0 };
    const total = { delta: 0, gamma: 0, theta: 0, vega: 0 };
    const bsmTotal = { delta: 0, gamma: 0, theta: 0, vega: 0 };
    const DAY = 1 / 365;
    for (const c of randomCases(300, 77).filter((c) => c.T > 2 * DAY)) {
      const h = 0.01 * c.S;
      const p0 = lattice(c, 0, 0, 0);
      const up = lattice(c, h, 0, 0);
      const down = lattice(c, -h, 0, 0);
      const truth = {
        delta: (up - down) / (2 * h),
        gamma: (up - 2 * p0 + down) / (h * h),
        theta: (lattice(c, 0, 0, -DAY) - lattice(c, 0, 0, DAY)) / 2,
        vega: (lattice(c, 0, 0.01, 0) - lattice(c, 0, -0.01, 0)) / 2,
      };
      const model = americanGreeks(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v);
      const bsm = bsGreeks(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v);
      for (const g of names) {
        worst[g] = Math.max(worst[g], Math.abs(model[g] - truth[g]));
        total[g] += Math.abs(model[g] - truth[g]);
        bsmTotal[g] += Math.abs(bsm[g] - truth[g]);
      }
    }
    console.info(
      'American greeks − lattice: max',
      worst,
      'sum',
      total,
      'BSM greeks − lattice: sum',
      bsmTotal,
    );
    expect(worst.delta).toBeLessThan(0.025);
    expect(worst.gamma).toBeLessThan(0.01);
    expect(worst.theta).toBeLessThan(0.008);
    expect(worst.vega).toBeLessThan(0.025);
    for (const g of names) expect(total[g]).toBeLessThan(bsmTotal[g] / 2);
  });

  test('implied volatility recovers σ from the American price', () => {
    let inverted = 0;
    for (const c of randomCases(500, 31)) {
      const price = americanPrice(c.isCall, c.S, c.K, c.T, c.r, c.q, c.v);
      const iv = americanImpliedVol(c.isCall, price, c.S, c.K, c.T, c.r, c.q);
      // At or past the exercise trigger, or where the price is its σ → 0 limit (a deep put when
      // q > r), the price does not depend on σ: there is none to recover.
      const floor = americanPrice(c.isCall, c.S, c.K, c.T, c.r, c.q, 1e-8);
      if (price - floor < 1e-7 * c.K) {
        if (price === floor) expect(iv).toBeNull();
        continue;
      }
      expect(iv).not.toBeNull();
      expect(americanPrice(c.isCall, c.S, c.K, c.T, c.r, c.q, iv as number)).toBeCloseTo(price, 9);
      inverted++;
    }
    expect(inverted).toBeGreaterThan(400);
    expect(americanImpliedVol(false, 4, 100, 105, 0.5, 0.03, 0)).toBeNull();
    expect(americanImpliedVol(false, 100, 100, 90, 0.5, 0.03, 0)).toBeNull();
  });
});

describe('by exercise style', () => {
  // A put 30% in the money, six months, r 5%, no dividend, σ 30%: worth more than its European twin.
  const [S, K, T, r, q, sigma] = [100, 130, 0.5, 0.05, 0, 0.3];
  const price = americanPrice(false, S, K, T, r, q, sigma);

  test('the implied vol of an American deep in-the-money put gives back its price; the European inversion does not', () => {
    expect(price - bsPrice(false, S, K, T, r, q, sigma)).toBeGreaterThan(1.5);
    const american = impliedVolByStyle(ExerciseStyle.American, false, price, S, K, T, r, q);
    expect(american).toBeCloseTo(sigma, 9);
    expect(americanPrice(false, S, K, T, r, q, american as number)).toBeCloseTo(price, 9);
    // The European inversion ascribes the early-exercise premium to volatility.
    const european = impliedVolByStyle(ExerciseStyle.European, false, price, S, K, T, r, q);
    expect(european).toBe(impliedVol(false, price, S, K, T, r, q));
    expect(european as number).toBeGreaterThan(sigma + 0.08);
    expect(americanPrice(false, S, K, T, r, q, european as number) - price).toBeGreaterThan(1);
  });

  test('greeks: the American model for American options, BSM for European ones', () => {
    expect(greeksByStyle(ExerciseStyle.American, false, S, K, T, r, q, sigma)).toEqual(
      americanGreeks(false, S, K, T, r, q, sigma),
    );
    expect(greeksByStyle(ExerciseStyle.European, false, S, K, T, r, q, sigma)).toEqual(
      bsGreeks(false, S, K, T, r, q, sigma),
    );
    expect(greeksByStyle(ExerciseStyle.American, false, S, K, T, r, q, sigma).price).toBe(price);
  });
});
