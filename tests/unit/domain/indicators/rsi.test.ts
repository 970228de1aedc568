import { expect, test } from 'vitest';
import { rsi } from '#domain/indicators/rsi.ts';

test("Wilder's RSI(2) by hand", () => {
  // changes +1, −1, +1, +1; first averages gain ½ loss ½ → 50; then gain ¾ loss ¼ → 75; then ⅞, ⅛ → 87.5
  const r = rsi([1, 2, 1, 2, 3], 2);
  expect(r[1]).toBeNaN();
  expect(r[2]).toBeCloseTo(50, 12);
  expect(r[3]).toBeCloseTo(75, 12);
  expect(r[4]).toBeCloseTo(87.5, 12);
});

test('a series that only rises has RSI 100, a flat one 50', () => {
  expect(rsi([1, 2, 3, 4], 2)[3]).toBe(100);
  expect(rsi([5, 5, 5, 5], 2)[3]).toBe(50);
});
