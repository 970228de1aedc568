import fc from 'fast-check';
import { expect, test } from 'vitest';
import { askCents, bidCents, exerciseFloorCents, halfWidth } from '#server/market/quote-model.ts';

const params = { a: 0.0001, b: 0.0034, c: 0.045 };

test('quotes bracket the theoretical price on the tick (property)', () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0, max: 500, noNaN: true }),
      fc.double({ min: -5, max: 5, noNaN: true }),
      fc.double({ min: 1, max: 40, noNaN: true }),
      fc.boolean(),
      (theo, otm, scale, penny) => {
        const half = halfWidth(theo, otm, scale, params);
        const bid = bidCents(theo, half, penny);
        const ask = askCents(theo, half, penny, bid);
        expect(bid / 100).toBeLessThanOrEqual(theo + 1e-9);
        expect(ask / 100).toBeGreaterThanOrEqual(theo - 1e-9);
        expect(ask).toBeGreaterThan(bid);
        expect(bid).toBeGreaterThanOrEqual(0);
        if (!penny && bid >= 300) expect(bid % 5).toBe(0);
        if (!penny && ask >= 300) expect(ask % 5).toBe(0);
        expect(Number.isInteger(bid) && Number.isInteger(ask)).toBe(true);
      },
    ),
  );
});

test('spreads widen with price, illiquidity and depth in the money', () => {
  expect(halfWidth(10, 0, 1, params)).toBeGreaterThan(halfWidth(1, 0, 1, params));
  expect(halfWidth(10, 0, 5, params)).toBeGreaterThan(halfWidth(10, 0, 1, params));
  expect(halfWidth(10, -3, 1, params)).toBeGreaterThan(halfWidth(10, 0, 1, params));
});

test('a worthless option is quoted 0 bid, one tick offered', () => {
  expect(bidCents(0.001, 0.002, false)).toBe(0);
  expect(askCents(0.001, 0.002, false, 0)).toBe(1);
});

test('the exercise floor of an American bid: the exercise value rounded up to the tick', () => {
  expect(exerciseFloorCents(-3, false)).toBe(0);
  expect(exerciseFloorCents(0, false)).toBe(0);
  expect(exerciseFloorCents(1.234, false)).toBe(124);
  expect(exerciseFloorCents(19.44, false)).toBe(1945);
  expect(exerciseFloorCents(19.44, true)).toBe(1944);
  expect(exerciseFloorCents(19.45, false)).toBe(1945);
});

test('the quoted width is the model width to the nearest tick, at least one (property)', () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0.5, max: 2.5, noNaN: true }),
      fc.double({ min: 3.5, max: 400, noNaN: true }),
      fc.double({ min: 0, max: 0.2, noNaN: true }),
      fc.boolean(),
      (cheap, dear, half, useDear) => {
        const theo = useDear ? dear : cheap;
        const tick = useDear ? 5 : 1;
        const bid = bidCents(theo, half, false);
        const ask = askCents(theo, half, false, bid);
        if (ask >= 300 && bid < 300) return; // the market straddles the $3 tick change
        expect(ask - bid).toBe(Math.max(1, Math.round((200 * half) / tick)) * tick);
      },
    ),
  );
});

test('a liquid $5 option with a 4-cent model width is quoted one nickel wide, not two', () => {
  const bid = bidCents(5.04, 0.02, false);
  expect([bid, askCents(5.04, 0.02, false, bid)]).toEqual([500, 505]);
});
