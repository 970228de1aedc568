import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatColumnKey, parseColumnKey } from '#domain/columns/column-key.ts';

test('examples', () => {
  expect(parseColumnKey('leg_delta_2')).toEqual({ name: 'leg_delta', index: 2 });
  expect(parseColumnKey('delta')).toEqual({ name: 'delta', index: null });
  expect(parseColumnKey('move_ratio_1pct')).toEqual({ name: 'move_ratio_1pct', index: null });
  expect(parseColumnKey('leg_strike_std21')).toEqual({ name: 'leg_strike_std21', index: null });
  expect(parseColumnKey('leg_strike_std21_4')).toEqual({ name: 'leg_strike_std21', index: 4 });
  expect(parseColumnKey('x_0')).toEqual({ name: 'x_0', index: null });
  expect(formatColumnKey({ name: 'breakeven_percent', index: 1 })).toBe('breakeven_percent_1');
  expect(formatColumnKey({ name: 'strike', index: null })).toBe('strike');
});

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/).filter((s) => !/_\d+$/.test(s));

test('property: format then parse round-trips', () => {
  fc.assert(
    fc.property(name, fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }), (n, index) => {
      const key = { name: n, index };
      expect(parseColumnKey(formatColumnKey(key))).toEqual(key);
    }),
  );
});

test('property: parse then format round-trips any key', () => {
  fc.assert(
    fc.property(fc.stringMatching(/^[a-z][a-z0-9_]{0,24}$/), (key) => {
      expect(formatColumnKey(parseColumnKey(key))).toBe(key);
    }),
  );
});
