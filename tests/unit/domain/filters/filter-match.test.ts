import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  closestIndex,
  matchesAnyOf,
  matchesBoolean,
  matchesEquals,
  matchesNoneOf,
  matchesRange,
  numericRangeOf,
} from '#domain/filters/filter-match.ts';

describe('matchesRange', () => {
  test('bounds are inclusive', () => {
    expect(matchesRange(5, { min: 5, max: 10 })).toBe(true);
    expect(matchesRange(10, { min: 5, max: 10 })).toBe(true);
    expect(matchesRange(4.999, { min: 5, max: 10 })).toBe(false);
    expect(matchesRange(10.001, { min: 5, max: 10 })).toBe(false);
  });
  test('null is an open bound', () => {
    expect(matchesRange(-1e12, { min: null, max: 0 })).toBe(true);
    expect(matchesRange(1e12, { min: 0, max: null })).toBe(true);
    expect(matchesRange(1, { min: null, max: 0 })).toBe(false);
  });
  test('NaN (missing data) fails any bounded range but passes an open one', () => {
    expect(matchesRange(Number.NaN, { min: 0, max: null })).toBe(false);
    expect(matchesRange(Number.NaN, { min: null, max: 0 })).toBe(false);
    expect(matchesRange(Number.NaN, { min: null, max: null })).toBe(true);
  });
  test('property: agrees with min ≤ v ≤ max', () => {
    const bound = fc.option(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { nil: null });
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), bound, bound, (v, min, max) => {
        const expected = (min === null || v >= min) && (max === null || v <= max);
        expect(matchesRange(v, { min, max })).toBe(expected);
      }),
    );
  });
});

describe('discrete kinds', () => {
  test('equals compares value and type', () => {
    expect(matchesEquals('after_expiration', 'after_expiration')).toBe(true);
    expect(matchesEquals(1, '1')).toBe(false);
  });
  test('any-of: empty selection is Any', () => {
    expect(matchesAnyOf('AAPL', ['MSFT', 'AAPL'])).toBe(true);
    expect(matchesAnyOf('TSLA', ['MSFT', 'AAPL'])).toBe(false);
    expect(matchesAnyOf(2361, [])).toBe(true);
  });
  test('none-of', () => {
    expect(matchesNoneOf('TSLA', ['TSLA'])).toBe(false);
    expect(matchesNoneOf('AAPL', ['TSLA'])).toBe(true);
    expect(matchesNoneOf('AAPL', [])).toBe(true);
  });
  test('boolean', () => {
    expect(matchesBoolean(true, true)).toBe(true);
    expect(matchesBoolean(false, true)).toBe(false);
  });
});

describe('closestIndex', () => {
  const strikes = Float64Array.from([90, 95, 100, 105, 110]);
  test('nearest wins; ties go to the first (lower) one', () => {
    expect(closestIndex(strikes, 101)).toBe(2);
    expect(closestIndex(strikes, 102.5)).toBe(2);
    expect(closestIndex(strikes, 1000)).toBe(4);
  });
  test('searches only [start, end) and skips NaN', () => {
    expect(closestIndex(strikes, 90, 2, 4)).toBe(2);
    expect(closestIndex([Number.NaN, 3, Number.NaN], 0)).toBe(1);
    expect(closestIndex([Number.NaN], 0)).toBe(-1);
    expect(closestIndex([], 0)).toBe(-1);
  });
  test('property: no element is strictly nearer than the chosen one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: -1e3, max: 1e3 }), { minLength: 1 }),
        fc.double({ noNaN: true, min: -1e3, max: 1e3 }),
        (xs, t) => {
          const i = closestIndex(xs, t);
          for (const x of xs) expect(Math.abs(x - t)).toBeGreaterThanOrEqual(Math.abs(xs[i]! - t));
        },
      ),
    );
  });
});

test('numericRangeOf picks the range of range-shaped values only', () => {
  expect(numericRangeOf({ type: 'range', min: 1, max: null })).toEqual({ type: 'range', min: 1, max: null });
  expect(numericRangeOf({ type: 'scenario', shift: 0.1, unit: 'pct', min: 0, max: 1 })).toMatchObject({
    min: 0,
    max: 1,
  });
  expect(numericRangeOf({ type: 'leg_delta', mode: 'range', min: 0.2, max: 0.3 })).toMatchObject({
    min: 0.2,
    max: 0.3,
  });
  expect(numericRangeOf({ type: 'leg_delta', mode: 'closest', target: 0.3 })).toBeNull();
  expect(numericRangeOf({ type: 'boolean', value: true })).toBeNull();
});

describe('how each value kind is evaluated', () => {
  test('probability and scenario ranges use matchesRange on their range', () => {
    const prob = numericRangeOf({ type: 'probability', min: 0.6, max: null })!;
    expect(matchesRange(0.6, prob)).toBe(true);
    expect(matchesRange(0.59, prob)).toBe(false);
    expect(matchesRange(Number.NaN, prob)).toBe(false);
    const scenario = numericRangeOf({ type: 'scenario', shift: -0.05, unit: 'pct', min: -0.1, max: null })!;
    expect(matchesRange(-0.1, scenario)).toBe(true);
    expect(matchesRange(-0.11, scenario)).toBe(false);
  });
  test('choice maps and sectors are any-of over codes; empty is Any', () => {
    expect(matchesAnyOf('weekly', ['standard'])).toBe(false);
    expect(matchesAnyOf('weekly', ['standard', 'weekly'])).toBe(true);
    expect(matchesAnyOf<string>('weekly', [])).toBe(true);
    expect(matchesAnyOf(7, [1, 2361])).toBe(false);
  });
  test('closest mode keeps the candidate nearest the target, e.g. the 30-day expiration', () => {
    const days = [3, 10, 17, 24, 31, 59];
    expect(closestIndex(days, 30)).toBe(4);
    const legDeltas = [-0.1, -0.22, -0.31, -0.45];
    expect(closestIndex(legDeltas, -0.3)).toBe(2);
  });
});
