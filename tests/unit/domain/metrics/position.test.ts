import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ExerciseStyle } from '#domain/contracts/exercise-style.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import {
  buildPosition,
  horizonPL,
  horizonPLs,
  legValue,
  positionValue,
  positionValues,
  tailSlope,
} from '#domain/metrics/position.ts';
import { americanPrice } from '#domain/pricing/american.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { AS_OF, arbLegs, BACK, call, DAY_MS, FRONT, put, shares, trade } from './fixtures.ts';

describe('position', () => {
  const pos = buildPosition(trade('covered_call', [shares(100), call(-1, 105, 2)], { level: 0.5 }));

  test('weights: a contract weighs its quantity, 100 shares weigh 1', () => {
    expect(pos.legs.map((l) => l.weight)).toEqual([1, -1]);
    // Conservative: buy the shares at 100.01, sell the call at 1.90.
    expect(pos.cost).toBeCloseTo(100.01 - 1.9, 12);
  });

  test('the horizon is the first expiration; 30 days away', () => {
    expect(pos.horizonMs).toBe(expiryInstant(FRONT));
    expect(pos.days).toBeCloseTo(30, 12);
    expect(pos.years).toBeCloseTo(30 / 365, 15);
    expect(pos.linear).toBe(true);
    expect(pos.drift).toBeCloseTo(0.04, 15);
    expect(pos.strikes).toEqual([105]);
  });

  test('calendars are not linear; stock alone evaluates now unless told otherwise', () => {
    const cal = buildPosition(
      trade('long_call_calendar_spread', [call(-1, 100, 4), call(1, 100, 5.6, BACK)]),
    );
    expect(cal.linear).toBe(false);
    expect(cal.horizonMs).toBe(expiryInstant(FRONT));
    expect(buildPosition(trade('long_stock', [shares(100)])).horizonMs).toBe(AS_OF);
    expect(buildPosition(trade('long_stock', [shares(100)], { horizonMs: AS_OF + DAY_MS })).days).toBeCloseTo(
      1,
      12,
    );
    // An explicit horizon before the expiration makes any option trade non-linear.
    expect(buildPosition(trade('long_call', [call(1, 100, 4)], { horizonMs: AS_OF + DAY_MS })).linear).toBe(
      false,
    );
  });

  const EUROPEAN = { rate: 0.04, dividendYield: 0, american: false };
  const AMERICAN = { ...EUROPEAN, american: true };

  test('leg values: intrinsic at expiry, BSM floored at intrinsic before', () => {
    const [, c] = buildPosition(trade('long_call', [shares(100), call(1, 100, 4)])).legs;
    expect(legValue(c!, 110, expiryInstant(FRONT), EUROPEAN)).toBe(10);
    expect(legValue(c!, 110, AS_OF, EUROPEAN)).toBeCloseTo(
      bsPrice(true, 110, 100, 30 / 365, 0.04, 0, 0.3),
      12,
    );
    expect(legValue(c!, 0, AS_OF, EUROPEAN)).toBe(0);
    // A deep in-the-money European put is worth less than exercising: the floor binds.
    const [p] = buildPosition(trade('long_put', [put(1, 200, 100)])).legs;
    expect(bsPrice(false, 100, 200, 30 / 365, 0.04, 0, 0.3)).toBeLessThan(100);
    expect(legValue(p!, 100, AS_OF, EUROPEAN)).toBe(100);
  });

  test('an American option alive at the valuation instant is worth its American price', () => {
    const [p] = buildPosition(trade('long_put', [put(1, 110, 12)])).legs;
    const american = americanPrice(false, 100, 110, 30 / 365, 0.04, 0, 0.3);
    // In the money with r > 0: early exercise is worth something over both BSM and exercising.
    expect(american).toBeGreaterThan(Math.max(bsPrice(false, 100, 110, 30 / 365, 0.04, 0, 0.3), 10) + 1e-3);
    expect(legValue(p!, 100, AS_OF, AMERICAN)).toBe(american);
    expect(legValue(p!, 100, expiryInstant(FRONT), AMERICAN)).toBe(10);
    // A call without dividends is never exercised early: the European price.
    const [c] = buildPosition(trade('long_call', [call(1, 100, 4)])).legs;
    expect(legValue(c!, 110, AS_OF, AMERICAN)).toBe(legValue(c!, 110, AS_OF, EUROPEAN));
    // The underlying's exercise style sets the position's.
    expect(buildPosition(trade('long_put', [put(1, 110, 12)])).american).toBe(false);
    expect(
      buildPosition(
        trade('long_put', [put(1, 110, 12)], { underlying: { exerciseStyle: ExerciseStyle.American } }),
      ).american,
    ).toBe(true);
  });

  test('P/L at the horizon and the tail slope', () => {
    expect(horizonPL(pos, 120)).toBeCloseTo(105 - pos.cost, 12);
    expect(positionValue(pos, 90, pos.horizonMs)).toBe(90);
    expect(tailSlope(pos)).toBe(0);
    expect(tailSlope(buildPosition(trade('long_call', [call(2, 100, 4)])))).toBe(2);
  });

  test('the batch of prices gives the bits of the price-by-price values, at any instant', () => {
    const prices = Float64Array.from([0, 1e-9, 0.5, 50, 99.99, 100, 100.01, 150, 400, 1e6]);
    fc.assert(
      fc.property(
        arbLegs({ expirations: [FRONT, BACK], stock: true }),
        fc.integer({ min: -5, max: 40 }),
        fc.constantFrom(ExerciseStyle.European, ExerciseStyle.American),
        fc.constantFrom(0, 0.03),
        (legs, days, exerciseStyle, dividendYield) => {
          const p = buildPosition(trade('custom', legs, { underlying: { exerciseStyle, dividendYield } }));
          const at = AS_OF + days * DAY_MS;
          const values = new Float64Array(prices.length);
          positionValues(p, prices, at, values);
          expect(Array.from(values)).toEqual(Array.from(prices, (s) => positionValue(p, s, at)));
          horizonPLs(p, prices, values);
          expect(Array.from(values)).toEqual(Array.from(prices, (s) => horizonPL(p, s)));
        },
      ),
    );
  });
});
