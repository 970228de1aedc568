/**
 * The chart profile: at the horizon it equals the payoff of the legs; it includes the strikes, the
 * price and the breakevens; before the horizon it is the model value less the cost.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { plProfile } from '#domain/metrics/pl-profile.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { AS_OF, arbLegs, BACK, call, DAY_MS, put, trade } from './fixtures.ts';

describe('P/L profile', () => {
  test('at expiration it is the payoff of the legs, over strikes ±10%, with every kink and breakeven', () => {
    fc.assert(
      fc.property(arbLegs(), (legs) => {
        const p = plProfile(trade('custom', legs));
        const strikes = legs.map((l) => (l.contract.kind === 'option' ? l.contract.strike : 100));
        expect(p.prices[0]).toBeCloseTo(0.9 * Math.min(...strikes, 100), 9);
        expect(p.prices.at(-1)).toBeCloseTo(1.1 * Math.max(...strikes, 100), 9);
        expect(p.prices.length).toBeGreaterThanOrEqual(81);
        const [lo, hi] = [p.prices[0]!, p.prices.at(-1)!];
        for (const k of [...strikes, ...p.breakevens]) if (k >= lo && k <= hi) expect(p.prices).toContain(k);
        p.prices.forEach((s, i) => {
          const payoff = legs.reduce((v, l) => {
            if (l.contract.kind !== 'option') return v;
            const { right, strike } = l.contract;
            const value = Math.max(right === 'CALL' ? s - strike : strike - s, 0);
            return v + l.quantity * (value - (l.bid + l.ask) / 2);
          }, 0);
          expect(p.atHorizon[i]).toBeCloseTo(payoff, 9);
        });
      }),
      { numRuns: 50 },
    );
  });

  test('before expiration: model value less cost; dates are clamped to [now, horizon]', () => {
    const p = plProfile(trade('long_call', [call(1, 100, 4)]), {
      datesMs: [AS_OF - DAY_MS, AS_OF + 10 * DAY_MS, 1e15],
    });
    expect(p.atDates.map((d) => d.atMs)).toEqual([AS_OF, AS_OF + 10 * DAY_MS, p.horizonMs]);
    const i = p.prices.indexOf(100);
    expect(p.atDates[0]!.pl[i]).toBeCloseTo(bsPrice(true, 100, 100, 30 / 365, 0.04, 0, 0.3) - 4, 12);
    expect(p.atDates[1]!.pl[i]).toBeCloseTo(bsPrice(true, 100, 100, 20 / 365, 0.04, 0, 0.3) - 4, 12);
    expect(p.atDates[2]!.pl).toEqual(p.atHorizon);
  });

  test('a calendar at the front expiration values the back leg by the model', () => {
    const p = plProfile(trade('long_put_calendar_spread', [put(-1, 100, 3.5), put(1, 100, 4.8, BACK)]), {
      steps: 40,
    });
    expect(p.prices.length).toBeGreaterThanOrEqual(41);
    expect(p.breakevens).toHaveLength(2);
    expect(Math.max(...p.atHorizon)).toBeCloseTo(p.atHorizon[p.prices.indexOf(100)]!, 12);
  });
});
