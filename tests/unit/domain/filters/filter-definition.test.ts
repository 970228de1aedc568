import { expect, test } from 'vitest';
import { DataCategory } from '#domain/columns/categories.ts';
import { FilterStage, FilterUnit, filtersOf, preset } from '#domain/filters/filter-definition.ts';

const f = filtersOf(DataCategory.Spreads, FilterStage.Trade);

test('defaults: datapoint = name, all strategies, group stage, first preset as default value', () => {
  const def = f({ name: 'x', label: 'X', help: 'X.', kind: 'range', presets: [preset('≥ 1', 1, null)] });
  expect(def).toMatchObject({
    datapoints: ['x'],
    stage: 'trade',
    multiplier: 1,
    decimals: 2,
    perLeg: false,
    index: null,
    deprecated: false,
    defaultValue: { type: 'range', min: 1, max: null },
  });
  expect(def.appliesTo).toHaveLength(27);
});

test('multipliers: percent ×100, per-contract money × option multiplier', () => {
  expect(f({ name: 'p', label: 'P', help: 'P.', kind: 'range', unit: FilterUnit.Percent }).multiplier).toBe(
    100,
  );
  expect(f({ name: 'p', label: 'P', help: 'P.', kind: 'range', unit: FilterUnit.Percent }).decimals).toBe(4);
  expect(
    f({ name: 'm', label: 'M', help: 'M.', kind: 'range', unit: FilterUnit.Money, perContract: true })
      .multiplier,
  ).toBe(100);
  expect(f({ name: 'm', label: 'M', help: 'M.', kind: 'range', unit: FilterUnit.Money }).multiplier).toBe(1);
});

test('per-leg and leg-indexed filters evaluate at the leg stage; no presets means an open range', () => {
  expect(f({ name: 'v', label: 'V', help: 'V.', kind: 'range', perLeg: true }).stage).toBe('leg');
  expect(f({ name: 'l', label: 'L', help: 'L.', kind: 'range', index: 'leg' }).stage).toBe('leg');
  expect(f({ name: 'b', label: 'B', help: 'B.', kind: 'range', index: 'breakeven' }).stage).toBe('trade');
  expect(f({ name: 'o', label: 'O', help: 'O.', kind: 'probability' }).defaultValue).toEqual({
    type: 'probability',
    min: null,
    max: null,
  });
});

test('kinds without a natural default must declare one', () => {
  expect(() => f({ name: 'r', label: 'R', help: 'R.', kind: 'rsi' })).toThrow(/needs a default value/);
});
