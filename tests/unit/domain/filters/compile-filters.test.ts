import { expect, test, vi } from 'vitest';
import { compileFilters } from '#domain/filters/compile-filters.ts';
import { FilterValueError } from '#domain/filters/filter-value-error.ts';

const scan = {
  max_loss: { type: 'range', min: null, max: 5 },
  retired_filter: { type: 'range', min: 1, max: 2 },
  total_vol: { type: 'range', min: 5000, max: null },
  leg_delta_2: { type: 'leg_delta', mode: 'closest', target: -0.3 },
  shift_pl_margin_1: { type: 'scenario', shift: -0.05, unit: 'pct', min: -0.1, max: null },
  p_e: null,
  open_interest: { type: 'range', min: 100, max: null },
};

test('unknown filter names are skipped with a warning; the rest are grouped by stage', () => {
  const warn = vi.fn();
  const compiled = compileFilters(scan, warn);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('retired_filter'));
  expect(compiled.filters.map((f) => f.key)).toEqual([
    'total_vol',
    'leg_delta_2',
    'open_interest',
    'max_loss',
    'shift_pl_margin_1',
  ]);
  expect(compiled.byStage.leg.map((f) => [f.key, f.index])).toEqual([
    ['leg_delta_2', 2],
    ['open_interest', null],
  ]);
  expect(compiled.byStage.scenario[0]?.definition.name).toBe('shift_pl_margin');
});

test('an unknown value type or a malformed value throws', () => {
  expect(() => compileFilters({ max_loss: { type: 'between', min: 0, max: 1 } }, () => {})).toThrow(
    FilterValueError,
  );
  expect(() => compileFilters({ max_loss: { type: 'range', min: 2, max: 1 } }, () => {})).toThrow(
    /above max/,
  );
});

test('a known indexed filter without its index throws rather than warns', () => {
  const warn = vi.fn();
  expect(() => compileFilters({ breakeven_percent: { type: 'range', min: 0, max: 1 } }, warn)).toThrow(
    /needs a breakeven number/,
  );
  expect(warn).not.toHaveBeenCalled();
});

test('an index on a filter that takes none is an unknown name', () => {
  const warn = vi.fn();
  expect(compileFilters({ p_e_2: { type: 'range', min: 0, max: 1 } }, warn).filters).toEqual([]);
  expect(warn).toHaveBeenCalledOnce();
});
