import { expect, test } from 'vitest';
import { earningsRelation, expirationCycleOf } from '#domain/filters/calendar-codes.ts';
import { epochDayOf } from '#domain/filters/date-range.ts';

test('the third Friday is the monthly (standard) cycle', () => {
  expect(expirationCycleOf('2025-01-17')).toBe('standard');
  expect(expirationCycleOf('2025-03-21')).toBe('standard');
  expect(expirationCycleOf('2025-01-24')).toBe('weekly');
  expect(expirationCycleOf('2025-03-14')).toBe('weekly');
  expect(expirationCycleOf('2025-01-16')).toBe('weekly');
});

test('a holiday-shifted Thursday monthly needs the provider to say so', () => {
  // Good Friday 2025-04-18 was the third Friday; the monthly expired Thursday 2025-04-17.
  expect(expirationCycleOf('2025-04-17')).toBe('weekly');
  expect(expirationCycleOf('2025-04-17', true)).toBe('standard');
  expect(expirationCycleOf('2025-04-10', true)).toBe('weekly');
});

test('earnings on or before the last expiration fall inside the trade', () => {
  const exp = epochDayOf('2025-02-21');
  expect(earningsRelation(epochDayOf('2025-02-21'), exp)).toBe('before_expiration');
  expect(earningsRelation(epochDayOf('2025-02-03'), exp)).toBe('before_expiration');
  expect(earningsRelation(epochDayOf('2025-02-22'), exp)).toBe('after_expiration');
  expect(earningsRelation(Number.NaN, exp)).toBe('after_expiration');
});
