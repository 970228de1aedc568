import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type BsBatchInput, type BsBatchOutput, bsBatch } from '#domain/pricing/batch.ts';
import { bsGreeks } from '#domain/pricing/black-scholes.ts';
import { lnFast } from '#domain/pricing/log-table.ts';

const HOUR = 1 / (365 * 24);
const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });

interface Row {
  isCall: boolean;
  S: number;
  K: number;
  T: number;
  r: number;
  q: number;
  sigma: number;
}

const row: fc.Arbitrary<Row> = fc.record({
  isCall: fc.boolean(),
  S: real(1, 2000),
  K: real(0.3, 6000),
  // Includes expired (T ≤ 0) and σ ≤ 0 rows, which take the degenerate branch.
  T: fc.oneof(real(2 * HOUR, 3), fc.constantFrom(0, -0.1)),
  r: real(-0.01, 0.1),
  q: real(0, 0.08),
  sigma: fc.oneof(real(0.05, 3), fc.constantFrom(0, -0.2)),
});

/** Rows as a chain: runs sharing S, T, r and q, as the market snapshot orders them. */
const chain = fc
  .array(
    fc.record({
      base: row,
      strikes: fc.array(fc.record({ K: real(0.3, 6000), isCall: fc.boolean() }), {
        minLength: 1,
        maxLength: 6,
      }),
    }),
    { minLength: 1, maxLength: 10 },
  )
  .map((groups) => groups.flatMap(({ base, strikes }) => strikes.map((s) => ({ ...base, ...s }))));

/**
 * A chain as the snapshot lays it out: the call and the put of each strike next to each other, with
 * the same inputs, and at times a third row with the same inputs again.
 */
const pairedChain = fc
  .tuple(chain, fc.array(fc.nat(2), { minLength: 1, maxLength: 60 }))
  .map(([rows, copies]) =>
    rows.flatMap((r, i) => [r, { ...r, isCall: !r.isCall }, r].slice(0, 1 + copies[i % copies.length]!)),
  );

/** A row with T > 0 and σ > 0. */
const liveRow: fc.Arbitrary<Row> = fc.record({
  isCall: fc.boolean(),
  S: real(1, 2000),
  K: real(0.3, 6000),
  T: real(2 * HOUR, 3),
  r: real(-0.01, 0.1),
  q: real(0, 0.08),
  sigma: real(0.05, 3),
});

/**
 * A chain exactly as the snapshot lays it out: per strike the call then the put, same inputs, which
 * the fast path prices two strikes at a time. Some strikes have σ = 0 (their rows take the limit).
 * Each group of strikes differs from the one before in one of S, T, r and q only, so two strikes on
 * either side of a change sit next to each other with everything else equal.
 */
const snapshotChain = fc
  .tuple(
    liveRow,
    fc.array(
      fc.record({
        change: fc.constantFrom('S', 'T', 'r', 'q'),
        fresh: liveRow,
        strikes: fc.array(
          fc.record({
            K: real(0.3, 6000),
            sigma: fc.oneof(
              { arbitrary: real(0.05, 3), weight: 4 },
              { arbitrary: fc.constant(0), weight: 1 },
            ),
            // Now and then a put with a σ of its own, which must not be priced with its call's.
            putSigma: fc.option(real(0.05, 3), { freq: 4 }),
          }),
          { minLength: 1, maxLength: 9 },
        ),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  )
  .map(([first, groups]) => {
    let base = first;
    return groups.flatMap(({ change, fresh, strikes }) => {
      base = { ...base, [change]: fresh[change] };
      return strikes.flatMap(({ K, sigma, putSigma }) => [
        { ...base, K, sigma, isCall: true },
        { ...base, K, sigma: putSigma ?? sigma, isCall: false },
      ]);
    });
  });

function columns(rows: readonly Row[]): { input: BsBatchInput; out: () => BsBatchOutput } {
  const n = rows.length;
  const col = (f: (r: Row) => number) => Float64Array.from(rows, f);
  return {
    input: {
      isCall: Uint8Array.from(rows, (r) => (r.isCall ? 1 : 0)),
      S: col((r) => r.S),
      K: col((r) => r.K),
      T: col((r) => r.T),
      r: col((r) => r.r),
      q: col((r) => r.q),
      sigma: col((r) => r.sigma),
    },
    out: () => ({
      price: new Float64Array(n),
      delta: new Float64Array(n),
      gamma: new Float64Array(n),
      theta: new Float64Array(n),
      vega: new Float64Array(n),
    }),
  };
}

const FIELDS = ['price', 'delta', 'gamma', 'theta', 'vega'] as const;

describe('bsBatch', () => {
  test('exact path equals bsGreeks bit for bit, in chain order and in random order', () => {
    fc.assert(
      fc.property(fc.oneof(chain, fc.array(row, { minLength: 1, maxLength: 40 })), (rows) => {
        const { input, out } = columns(rows);
        const o = out();
        bsBatch(input, o);
        rows.forEach((r, i) => {
          const g = bsGreeks(r.isCall, r.S, r.K, r.T, r.r, r.q, r.sigma);
          for (const f of FIELDS) expect(Object.is(o[f][i], g[f])).toBe(true);
        });
      }),
    );
  });

  test('fast path is within 1e-7 of the exact path in every output', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          chain,
          pairedChain,
          snapshotChain,
          snapshotChain,
          fc.array(row, { minLength: 1, maxLength: 40 }),
        ),
        (rows) => {
          const { input, out } = columns(rows);
          const exact = out();
          const fast = out();
          bsBatch(input, exact);
          bsBatch(input, fast, { fast: true });
          for (const f of FIELDS) {
            for (let i = 0; i < rows.length; i++)
              expect(Math.abs(fast[f][i]! - exact[f][i]!)).toBeLessThan(1e-7);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a supplied ln K column gives the fast path the same numbers as computing ln K itself', () => {
    fc.assert(
      fc.property(chain, (rows) => {
        const { input, out } = columns(rows);
        const own = out();
        const supplied = out();
        const withMathLog = out();
        const exact = out();
        bsBatch(input, own, { fast: true });
        bsBatch({ ...input, lnK: input.K.map(lnFast) }, supplied, { fast: true });
        for (const f of FIELDS) expect(supplied[f]).toEqual(own[f]);
        // A column from Math.log differs in the last bits only, so the result stays within 1e-7.
        bsBatch({ ...input, lnK: input.K.map(Math.log) }, withMathLog, { fast: true });
        bsBatch(input, exact);
        for (const f of FIELDS) {
          for (let i = 0; i < rows.length; i++)
            expect(Math.abs(withMathLog[f][i]! - exact[f][i]!)).toBeLessThan(1e-7);
        }
      }),
    );
  });

  test('fast path without a ln K column: strikes that share a slot of the ln K cache keep their own logarithm', () => {
    // 100 and 110.24 are 1,024 cents apart, so they alternate in one slot of the cache.
    const rows: Row[] = [];
    for (let i = 0; i < 40; i++) {
      const K = i % 3 === 0 ? 110.24 : 100;
      rows.push({ isCall: i % 2 === 0, S: 104, K, T: 0.2 + (i % 2) * 0.1, r: 0.04, q: 0.01, sigma: 0.3 });
    }
    const { input, out } = columns(rows);
    const own = out();
    const supplied = out();
    bsBatch(input, own, { fast: true });
    bsBatch({ ...input, lnK: input.K.map(lnFast) }, supplied, { fast: true });
    for (const f of FIELDS) expect(own[f]).toEqual(supplied[f]);
  });

  test('fast path: a row gets the same numbers whatever rows come before it', () => {
    // Terms cached from earlier rows (per expiry and spot, and rows with the same inputs reusing the
    // first one's table lookups) must equal what the row computes on its own.
    fc.assert(
      fc.property(fc.oneof(chain, pairedChain, snapshotChain, snapshotChain), (rows) => {
        const { input, out } = columns(rows);
        const together = out();
        bsBatch(input, together, { fast: true });
        rows.forEach((r, i) => {
          const alone = columns([r]);
          const o = alone.out();
          bsBatch(alone.input, o, { fast: true });
          for (const f of FIELDS) expect(Object.is(o[f][0], together[f][i])).toBe(true);
        });
      }),
    );
  });

  test('batches longer than one block of rows give the same numbers as short ones', () => {
    const rows: Row[] = [];
    for (let i = 0; i < 10_000; i++) {
      const S = 20 + (i >> 6);
      rows.push({
        isCall: i % 2 === 0,
        S,
        K: S * (0.7 + ((i >> 1) % 32) / 50),
        T: 0.01 + (i % 7) / 10,
        r: 0.04,
        q: 0.01,
        sigma: 0.2 + (i % 5) / 20,
      });
    }
    const { input, out } = columns(rows);
    for (const fast of [false, true]) {
      const all = out();
      bsBatch(input, all, { fast });
      for (const i of [0, 4095, 4096, 4097, 8191, 8192, 9999]) {
        const one = columns([rows[i]!]);
        const o = one.out();
        bsBatch(one.input, o, { fast });
        for (const f of FIELDS) expect(Object.is(o[f][0], all[f][i])).toBe(true);
      }
    }
  });

  test('writes NaN only where an input is NaN', () => {
    const { input, out } = columns([
      { isCall: true, S: 100, K: Number.NaN, T: 0.5, r: 0.05, q: 0, sigma: 0.2 },
      { isCall: false, S: 100, K: 100, T: 0.5, r: 0.05, q: 0, sigma: 0.2 },
    ]);
    for (const fast of [false, true]) {
      const o = out();
      bsBatch(input, o, { fast });
      expect(o.price[0]).toBeNaN();
      expect(Number.isNaN(o.price[1]!)).toBe(false);
    }
  });
});
