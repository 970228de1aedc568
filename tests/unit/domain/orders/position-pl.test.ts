import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import {
  assertOpen,
  closingLegs,
  maxProfitGained,
  positionAmountCents,
  priorEffectCents,
  realizedPlCents,
  settlementLegs,
  settlementValue,
} from '#domain/orders/position-pl.ts';
import { call, leg, put, stock } from './fixtures.ts';

const PROCEEDS = [
  { orderId: 'open', amountCents: -20_000 },
  { orderId: 'adjust', amountCents: 1_500 },
];

describe('prior effect by mode', () => {
  test('closing counts every proceed, adjusting a closed order the others only', () => {
    expect(priorEffectCents('close', PROCEEDS, 'open')).toBe(-18_500);
    expect(priorEffectCents('adjustClosed', PROCEEDS, 'adjust')).toBe(-20_000);
    expect(priorEffectCents('new', PROCEEDS, null)).toBe(0);
    expect(priorEffectCents('adjustOpen', PROCEEDS, 'open')).toBe(0);
  });
});

describe('closing', () => {
  const position = [call(150), call(155)].map((c, i) => ({ contract: c, quantity: i === 0 ? 2 : -2 }));

  test('reverses the legs at the mark prices, rounded to cents', () => {
    expect(closingLegs(position, [4.256, null])).toEqual([leg(call(150), -2, 4.26), leg(call(155), 2, 0)]);
  });

  test('realized P/L of a bull call spread bought at 2.00 and sold at 3.50', () => {
    // Opened: 1 spread of legs +2/−2 at 3.00 / 1.00 → −$400. Closed at 4.50 / 1.00 → +$700.
    const open = -40_000;
    expect(realizedPlCents(open, [leg(call(150), -2, 4.5), leg(call(155), 2, 1)], 1)).toBe(30_000);
  });

  test('an already closed position cannot be closed', () => {
    expect(() => assertOpen({ closeDate: '2025-01-17' })).toThrow(DomainError);
    expect(() => assertOpen({ closeDate: '2025-01-17' })).toThrow('This position is already closed.');
    expect(() => assertOpen({ closeDate: null })).not.toThrow();
  });
});

describe('expiration settlement', () => {
  test('intrinsic values', () => {
    expect(settlementValue(call(150), 157.25)).toBe(7.25);
    expect(settlementValue(call(150), 149)).toBe(0);
    expect(settlementValue(put(150), 141.5)).toBe(8.5);
    expect(settlementValue(put(150), 150)).toBe(0);
    expect(settlementValue(stock('AAPL'), 151.37)).toBe(151.37);
  });

  test('a covered call settled above the strike earns the strike less the net paid', () => {
    // Bought 100 shares at 150.00 and sold the 155 call at 2.00: paid $14,800.
    const position = [
      { contract: stock('AAPL'), quantity: 100 },
      { contract: call(155), quantity: -1 },
    ];
    const legs = settlementLegs(position, 161.2);
    expect(legs).toEqual([leg(stock('AAPL'), -100, 161.2), leg(call(155), 1, 6.2)]);
    // Stock sold at 161.20 (+16,120), call settled at 6.20 (−620): +15,500, so P/L +$700.
    expect(realizedPlCents(-1_480_000, legs, 1)).toBe(70_000);
  });

  test('an iron condor expiring between the short strikes keeps the whole credit', () => {
    const position = [call(445), call(440), put(420), put(415)].map((contract, i) => ({
      contract,
      quantity: i % 2 === 0 ? 1 : -1,
    }));
    expect(realizedPlCents(12_500, settlementLegs(position, 430), 1)).toBe(12_500);
  });
});

describe('% of max profit', () => {
  test('P/L over max profit, where max profit is finite and positive', () => {
    expect(maxProfitGained(6_250, 12_500)).toBe(0.5);
    expect(maxProfitGained(-3_000, 12_500)).toBe(-0.24);
    expect(maxProfitGained(6_250, null)).toBeNull();
    expect(maxProfitGained(6_250, Number.POSITIVE_INFINITY)).toBeNull();
    expect(maxProfitGained(6_250, 0)).toBeNull();
  });

  test('position amounts from a per-share metric', () => {
    // 1.25 max profit per share, one 100-share unit, 3 spreads: $375.
    expect(positionAmountCents(1.25, 100, 3)).toBe(37_500);
    expect(positionAmountCents(1.15, 100, 3)).toBe(34_500);
  });
});
