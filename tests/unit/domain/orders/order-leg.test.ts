import { describe, expect, test } from 'vitest';
import { legShares, spreadShares, underlyingOf } from '#domain/orders/order-leg.ts';
import { call, leg, put, stock } from './fixtures.ts';

describe('spread unit', () => {
  test('leg shares', () => {
    expect(legShares(leg(call(150), -3, 1))).toBe(300);
    expect(legShares(leg(stock('AAPL'), 200, 150))).toBe(200);
    expect(() => legShares(leg(call(150), 0, 1))).toThrow(RangeError);
    expect(() => legShares(leg(call(150), 1.5, 1))).toThrow(RangeError);
  });

  test('is the gcd of the legs shares', () => {
    expect(spreadShares([leg(call(150), 1, 3), leg(call(155), -1, 1)])).toBe(100);
    expect(spreadShares([leg(call(150), 2, 3), leg(call(155), -2, 1)])).toBe(200);
    expect(spreadShares([leg(call(150), 2, 3), leg(call(155), -4, 1)])).toBe(200);
    expect(spreadShares([leg(call(150), 1, 3), leg(call(155), -2, 1)])).toBe(100);
    expect(spreadShares([leg(stock('AAPL'), 100, 150), leg(call(155), -1, 1)])).toBe(100);
    expect(spreadShares([leg(stock('AAPL'), 50, 150)])).toBe(50);
    expect(() => spreadShares([])).toThrow(RangeError);
  });

  test('one underlying', () => {
    expect(underlyingOf([leg(stock('AAPL'), 100, 150), leg(put(140), 1, 1)])).toBe('AAPL');
    expect(underlyingOf([leg(call(150), 1, 1), leg(call(150, '2025-01-17', 'MSFT'), -1, 1)])).toBeUndefined();
  });
});
