import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fromCents, isWholeCents, toCents } from '#domain/orders/money.ts';

describe('cents', () => {
  test('round half away from zero on the decimal value', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(2.1)).toBe(210);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(148.5)).toBe(14850);
    expect(toCents(0.004)).toBe(0);
    expect(Object.is(toCents(-0.004), 0)).toBe(true);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(1e21)).toBe(1e23);
  });

  test('refuse non-finite amounts', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  test('whole cents', () => {
    expect(isWholeCents(1.1)).toBe(true);
    expect(isWholeCents(2.25)).toBe(true);
    expect(isWholeCents(1.005)).toBe(false);
    expect(isWholeCents(0.001)).toBe(false);
    expect(isWholeCents(Number.NaN)).toBe(false);
  });

  test('round trip: cents → dollars → cents is exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
        expect(isWholeCents(fromCents(cents))).toBe(true);
      }),
    );
  });

  test('round trip: any amount lands within half a cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (dollars) => {
        expect(Math.abs(fromCents(toCents(dollars)) - dollars)).toBeLessThanOrEqual(
          0.005 + 1e-9 * Math.abs(dollars),
        );
      }),
    );
  });
});
