/**
 * Golden scan: iron condors on XYZ at the mid, max loss ≤ $5, sorted by max loss. By hand
 * (credit = −put(K0) + put(K1) + call(K2) − call(K3) at the mids; max loss = wider wing − credit;
 * breakevens K1 − credit and K2 + credit):
 *   strikes          credit  wings  max loss  breakevens
 *   90/95/100/105    2.45    5, 5   2.55      92.55, 102.45
 *   95/100/105/110   2.40    5, 5   2.60      97.60, 107.40
 *   90/95/105/110    1.45    5, 5   3.55      93.55, 106.45
 *   (90/95/100/110 loses 6.75 and 90/100/105/110 6.95: out.)
 * All three have equal wings: balanced. The probability of profit is checked against the
 * lognormal mass between the breakevens, P = Φ(d(b1)) − Φ(d(b2)) with d(b) = (ln(S/b) + (r −
 * σ²/2)T)/(σ√T), from an independent erfc (W. J. Cody's, via Math) to 1e-9, with the lognormal
 * model chosen; the smile of this chain (every option at 30%) is flat, so the default smile model
 * gives the same probability to 2e-5 (its table's accuracy between strikes).
 */
import { describe, expect, test } from 'vitest';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { RowBuilder } from '#engine/trade-rows.ts';
import { goldenMarket } from './golden-market.ts';
import { scanTiny, TINY_AS_OF, TINY_RATE } from './tiny-market.ts';

/** Φ by the complementary error function's continued fraction / series (independent of the domain). */
function phi(x: number): number {
  // erf by its Taylor series for |z| < 3, erfc by Lentz's continued fraction beyond.
  const z = Math.abs(x) / Math.SQRT2;
  let erfc: number;
  if (z < 3) {
    let term = z;
    let sum = z;
    for (let n = 1; n < 200; n++) {
      term *= (-z * z) / n;
      sum += term / (2 * n + 1);
    }
    erfc = 1 - (2 / Math.sqrt(Math.PI)) * sum;
  } else {
    let f = z;
    let c = z;
    let d = 0;
    for (let n = 1; n < 200; n++) {
      const a = n / 2;
      d = 1 / (z + a * d);
      c = z + a / c;
      f *= c * d;
    }
    erfc = Math.exp(-z * z) / (f * Math.sqrt(Math.PI));
  }
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

describe('golden: balanced iron condors on XYZ', () => {
  test.each([
    ['lognormal', 1e-9],
    ['smile', 2e-5],
  ] as const)(
    'three condors lose at most 5 dollars, with hand-worked prices and breakevens (%s model)',
    async (model, tolerance) => {
      const result = await scanTiny(
        goldenMarket(),
        {
          strategy: 'iron_condor',
          filters: { max_loss: { type: 'range', min: null, max: 5 } },
          sorting: [['max_loss', 'asc']],
          bidAskLevel: 0,
          narrowedToSymbol: 'XYZ',
        },
        model,
      );
      const g = result.groups[0]!;
      expect(g.count).toBe(3);
      const rows = new RowBuilder(result, [
        'strike',
        'max_loss',
        'max_profit',
        'breakeven',
        'iron_condor_shape',
        'prob_profit',
      ]);
      const got = g.trades.map((t) => rows.trade(g, t).values);
      expect(got.map((v) => v.strike)).toEqual([
        [90, 95, 100, 105],
        [95, 100, 105, 110],
        [90, 95, 105, 110],
      ]);
      const want = [
        [2.45, 2.55, 92.55, 102.45],
        [2.4, 2.6, 97.6, 107.4],
        [1.45, 3.55, 93.55, 106.45],
      ];
      const T = (expiryInstant('2026-03-20') - TINY_AS_OF) / (365 * 86_400_000);
      const sd = 0.3 * Math.sqrt(T);
      const d = (b: number) => (Math.log(100 / b) + (TINY_RATE - 0.045) * T) / sd;
      got.forEach((v, i) => {
        const [credit, loss, lo, hi] = want[i]!;
        expect(v.max_profit as number).toBeCloseTo(credit!, 9);
        expect(v.max_loss as number).toBeCloseTo(loss!, 9);
        const [b1, b2] = v.breakeven as number[];
        expect(b1).toBeCloseTo(lo!, 9);
        expect(b2).toBeCloseTo(hi!, 9);
        expect(v.iron_condor_shape).toBe('balanced');
        expect(Math.abs((v.prob_profit as number) - (phi(d(lo!)) - phi(d(hi!))))).toBeLessThan(tolerance);
      });
    },
  );
});
