import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  accountEffectCents,
  debitCredit,
  strategyPrice,
  strategyPriceCents,
} from '#domain/orders/strategy-price.ts';
import { call, leg, put, stock } from './fixtures.ts';

describe('strategy price and account effect (spec 3 §3)', () => {
  test('bull call spread: 3.00 − 1.00 is a 2.00 debit, $200 per spread', () => {
    const legs = [leg(call(150), 1, 3), leg(call(155), -1, 1)];
    expect(strategyPriceCents(legs)).toBe(-200);
    expect(strategyPrice(legs)).toBe(-2);
    expect(accountEffectCents(legs, 1)).toBe(-20_000);
    expect(accountEffectCents(legs, 3)).toBe(-60_000);
  });

  test('iron condor: 1.40 + 1.10 − 0.70 − 0.55 is a 1.25 credit', () => {
    const legs = [leg(call(445, '2025-06-20', 'SPY'), 1, 0.55), leg(call(440, '2025-06-20', 'SPY'), -1, 1.4)];
    legs.push(leg(put(420, '2025-06-20', 'SPY'), -1, 1.1), leg(put(415, '2025-06-20', 'SPY'), 1, 0.7));
    expect(strategyPrice(legs)).toBe(1.25);
    expect(accountEffectCents(legs, 2)).toBe(25_000);
  });

  test('covered call: 150.00 stock less a 1.50 call is a 148.50 debit per share', () => {
    const legs = [leg(stock('AAPL'), 100, 150), leg(call(150), -1, 1.5)];
    expect(strategyPrice(legs)).toBe(-148.5);
    expect(accountEffectCents(legs, 1)).toBe(-1_485_000);
  });

  test('call ratio 1×2: buy 2.00, sell two at 1.20 is a 0.40 credit', () => {
    const legs = [leg(call(150), 1, 2), leg(call(155), -2, 1.2)];
    expect(strategyPrice(legs)).toBe(0.4);
    expect(accountEffectCents(legs, 1)).toBe(4_000);
  });

  test('legs 2/−2 are two 1:1 spreads: same price per share, double the cash', () => {
    const legs = [leg(call(150), 2, 3), leg(call(155), -2, 1)];
    expect(strategyPrice(legs)).toBe(-2);
    expect(accountEffectCents(legs, 1)).toBe(-40_000);
  });

  test('a zero net is even, never −0', () => {
    const legs = [leg(call(150), 1, 1), leg(call(155), -1, 1)];
    expect(Object.is(strategyPriceCents(legs), 0)).toBe(true);
    expect(Object.is(accountEffectCents(legs, 4), 0)).toBe(true);
    expect(debitCredit(0)).toBe('even');
    expect(debitCredit(-1)).toBe('debit');
    expect(debitCredit(1)).toBe('credit');
  });

  test('scaling every leg by k keeps the price per share and scales the cash by k', () => {
    const price = fc.integer({ min: 1, max: 50_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: -9, max: 9 }).filter((q) => q !== 0),
            price,
            fc.integer({ min: 100, max: 200 }),
          ),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 10 }),
        (spec, k, size) => {
          const legs = spec.map(([q, p, strike]) => leg(call(strike), q, p));
          const scaled = legs.map((l) => ({ ...l, quantity: l.quantity * k }));
          expect(strategyPriceCents(scaled)).toBe(strategyPriceCents(legs));
          expect(accountEffectCents(scaled, size)).toBe(k * accountEffectCents(legs, size));
          expect(Number.isInteger(accountEffectCents(legs, size))).toBe(true);
          // The cash is −Σ price × quantity × 100 × size, whatever the unit.
          const direct = -spec.reduce((sum, [q, p]) => sum + Math.round(p * 100) * q * 100, 0) * size;
          expect(accountEffectCents(legs, size)).toBe(direct === 0 ? 0 : direct);
        },
      ),
    );
  });
});
