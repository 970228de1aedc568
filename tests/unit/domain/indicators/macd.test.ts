import { expect, test } from 'vitest';
import { macd } from '#domain/indicators/macd.ts';

test('MACD(2, 3, 2) by hand', () => {
  // EMA2: 2, 2, 4, 4 (from index 1); EMA3: 2, 3.5, 3.75 (from index 2); MACD 0, 0.5, 0.25;
  // signal EMA2 of MACD seeds at (0 + 0.5)/2 = 0.25, then 0.25 + ⅔(0.25 − 0.25) = 0.25.
  const m = macd([1, 3, 2, 5, 4], 2, 3, 2);
  expect(m.macd[1]).toBeNaN();
  expect(m.macd[2]).toBeCloseTo(0, 12);
  expect(m.macd[3]).toBeCloseTo(0.5, 12);
  expect(m.macd[4]).toBeCloseTo(0.25, 12);
  expect(m.signal[3]).toBeCloseTo(0.25, 12);
  expect(m.signal[4]).toBeCloseTo(0.25, 12);
  expect(m.histogram[3]).toBeCloseTo(0.25, 12);
  expect(m.histogram[4]).toBeCloseTo(0, 12);
});
