import { expect, test } from 'vitest';
import { resolveFilterKey } from '#domain/filters/filter-key.ts';

test('plain, indexed and unknown keys', () => {
  expect(resolveFilterKey('p_e')).toMatchObject({ definition: { name: 'p_e' }, index: null });
  expect(resolveFilterKey('breakeven_percent_2')).toMatchObject({
    definition: { name: 'breakeven_percent' },
    index: 2,
  });
  expect(resolveFilterKey('leg_strike_std21_3')).toMatchObject({
    definition: { name: 'leg_strike_std21' },
    index: 3,
  });
  expect(resolveFilterKey('move_ratio_1pct')).toMatchObject({
    definition: { name: 'move_ratio_1pct' },
    index: null,
  });
  expect(resolveFilterKey('nope')).toBeUndefined();
  expect(resolveFilterKey('p_e_1')).toBeUndefined();
});

test('index limits: 4 legs, 2 breakevens, 10 scenarios', () => {
  expect(() => resolveFilterKey('breakeven_percent_3')).toThrow(/1…2/);
  expect(() => resolveFilterKey('leg_strike_atr_5')).toThrow(/1…4/);
  expect(resolveFilterKey('new_max_loss_at_10')?.index).toBe(10);
  expect(() => resolveFilterKey('new_max_loss_at')).toThrow(/needs a scenario number/);
});
