import { expect, test } from 'vitest';
import { highLow, performance, performanceBase, ytdBase } from '#server/market/technicals/performance.ts';

test('the base of an n-session window is the close n sessions before today', () => {
  expect(performanceBase([10, 11, 12, 13], 2)).toBe(12);
  expect(performanceBase([10, 11], 3)).toBeNaN();
  expect(performance(15, 12)).toBeCloseTo(0.25, 12);
});

test('year to date starts from the last close of the previous year', () => {
  expect(ytdBase([10, 11, 12], [2025, 2025, 2026], 2026)).toBe(11);
  // On the first session of a year every bar is from the year before.
  expect(ytdBase([10, 11, 12], [2025, 2025, 2025], 2026)).toBe(12);
  expect(ytdBase([10], [2026], 2026)).toBeNaN();
});

test('52-week range over the window', () => {
  expect(highLow([9, 1, 5, 3], [0, 0, 2, 1], 2)).toEqual({ high: 5, low: 1 });
});
