/**
 * The catalogue against spec 2 §3.1 (keys, leg counts, labels, hints) and §9.1 (default filters,
 * bid/ask levels, sorting). Filter ranges are `[low, high]` with null for an open bound.
 */
import { describe, expect, test } from 'vitest';
import { parseFilterValue } from '#domain/filters/parse-filter-value.ts';
import { STRATEGIES, strategiesInGroup, strategyDefinition } from '#domain/strategies/catalogue.ts';
import { STRATEGY_GROUPS } from '#domain/strategies/definition.ts';
import { SCREENER_STRATEGY_KEYS, STRATEGY_KEYS, type StrategyKey } from '#domain/strategies/strategy-key.ts';

// Spec 2 §3.1, copied from the text so a missing or renamed key fails here.
const SPEC_KEYS =
  'long_call, long_put, naked_call, naked_put, covered_call, married_call, married_put, bull_call_spread, bear_call_spread, bull_put_spread, bear_put_spread, long_straddle, short_straddle, long_strangle, short_strangle, call_butterfly, put_butterfly, iron_butterfly, iron_condor, long_call_calendar_spread, long_put_calendar_spread, long_call_diagonal_spread, long_put_diagonal_spread, collar, call_ratio_spread, put_ratio_spread, custom'.split(
    ', ',
  );

const SINGLES: StrategyKey[] = [
  'long_call',
  'long_put',
  'naked_call',
  'naked_put',
  'covered_call',
  'married_call',
  'married_put',
];
const VERTICALS: StrategyKey[] = [
  'bull_call_spread',
  'bear_call_spread',
  'bull_put_spread',
  'bear_put_spread',
];
const CALENDARS_DIAGONALS: StrategyKey[] = [
  'long_call_calendar_spread',
  'long_put_calendar_spread',
  'long_call_diagonal_spread',
  'long_put_diagonal_spread',
];

const filters = (k: StrategyKey) => STRATEGIES[k].defaultFilters;
const range = (min: number | null, max: number | null) => ({ type: 'range', min, max });
const band = (min: number, max: number) => ({ type: 'range_or_closest', mode: 'range', min, max });

describe('strategy catalogue', () => {
  test('every spec key exists, in spec order, and only those are in the screener', () => {
    expect([...SCREENER_STRATEGY_KEYS]).toEqual(SPEC_KEYS);
    for (const k of SPEC_KEYS) expect(STRATEGIES[k as StrategyKey].screener).toBe(true);
    expect(STRATEGIES.long_stock.screener).toBe(false);
    expect(STRATEGIES.short_stock.screener).toBe(false);
  });

  test('option leg counts follow spec 2 §3.1', () => {
    const expected: Partial<Record<StrategyKey, number>> = {};
    for (const k of SINGLES) expected[k] = 1;
    for (const k of [
      ...VERTICALS,
      'long_straddle',
      'short_straddle',
      'long_strangle',
      'short_strangle',
      ...CALENDARS_DIAGONALS,
      'collar',
      'call_ratio_spread',
      'put_ratio_spread',
    ] as StrategyKey[])
      expected[k] = 2;
    for (const k of ['call_butterfly', 'put_butterfly'] as StrategyKey[]) expected[k] = 3;
    for (const k of ['iron_condor', 'iron_butterfly', 'custom'] as StrategyKey[]) expected[k] = 4;
    for (const k of SPEC_KEYS as StrategyKey[]) expect(STRATEGIES[k].optionLegCount, k).toBe(expected[k]);
    for (const k of SPEC_KEYS as StrategyKey[]) {
      if (k === 'custom') continue;
      const optionLegs = STRATEGIES[k].legs.filter((l) => l.kind === 'option').length;
      expect(optionLegs, k).toBe(STRATEGIES[k].optionLegCount);
    }
  });

  test('default bid/ask levels follow spec 2 §9.1', () => {
    const level = (k: StrategyKey) => STRATEGIES[k].calculationSettings.bid_ask_level;
    for (const k of [
      ...SINGLES,
      ...CALENDARS_DIAGONALS,
      'collar',
      'call_ratio_spread',
      'put_ratio_spread',
    ] as const)
      expect(level(k), k).toBe(0.5);
    for (const k of ['bull_call_spread', 'bull_put_spread', 'bear_put_spread'] as const)
      expect(level(k), k).toBe(0.25);
    expect(level('bear_call_spread')).toBe(0);
    for (const k of ['call_butterfly', 'put_butterfly', 'iron_butterfly', 'iron_condor'] as const)
      expect(level(k), k).toBe(0.25);
    for (const k of ['long_straddle', 'short_straddle', 'long_strangle', 'short_strangle', 'custom'] as const)
      expect(level(k), k).toBe(0);
  });

  test('expiration windows follow spec 2 §9.1', () => {
    const dte = (k: StrategyKey) => filters(k).days_to_expiration;
    for (const k of [...SINGLES, ...VERTICALS]) expect(dte(k), k).toEqual(band(0, 30));
    expect(dte('long_straddle')).toEqual(band(14, 45));
    expect(dte('long_strangle')).toEqual(band(7, 37));
    for (const k of ['call_butterfly', 'put_butterfly'] as const) expect(dte(k), k).toEqual(band(7, 30));
    expect(dte('iron_condor')).toEqual(band(7, 56));
    for (const k of CALENDARS_DIAGONALS) expect(dte(k), k).toEqual(band(7, 56));
    expect(dte('collar')).toEqual(band(21, 63));
    expect(dte('call_ratio_spread')).toEqual(band(0, 31));
    expect(dte('put_ratio_spread')).toEqual(band(0, 3));
    expect(dte('custom')).toEqual(band(25, 45));
  });

  test('liquidity, moneyness and spread filters follow spec 2 §9.1', () => {
    for (const k of SPEC_KEYS as StrategyKey[]) expect(filters(k).total_vol, k).toEqual(range(5000, null));
    for (const k of ['long_call', 'long_put', 'married_call', 'married_put'] as const)
      expect(filters(k).moneyness, k).toEqual(band(-0.02, 0.02));
    for (const k of ['naked_call', 'naked_put', 'covered_call', ...VERTICALS] as const)
      expect(filters(k).moneyness, k).toEqual(band(-0.15, 0.15));
    for (const k of SINGLES) expect(filters(k).bid_ask_spread, k).toEqual(range(null, 0.5));
  });

  test('short options ask for at least 1% return and 5% annualized', () => {
    for (const k of ['naked_call', 'naked_put', 'covered_call'] as const) {
      expect(filters(k).return_acquisition, k).toEqual(range(0.01, null));
      expect(filters(k).return_acquisition_annualized, k).toEqual(range(0.05, null));
    }
  });

  test('max loss caps: 5 verticals and straddles, 10 strangles and calendars, 50 iron condor; percent caps 5%/10%', () => {
    for (const k of [...VERTICALS, 'long_straddle'] as const)
      expect(filters(k).max_loss, k).toEqual(range(null, 5));
    for (const k of ['long_strangle', 'long_call_calendar_spread', 'long_put_calendar_spread'] as const)
      expect(filters(k).max_loss, k).toEqual(range(null, 10));
    expect(filters('iron_condor').max_loss).toEqual(range(null, 50));
    expect(filters('married_put').max_loss_percent).toEqual(range(null, 0.05));
    expect(filters('collar').max_loss_percent).toEqual(range(null, 0.1));
  });

  test('sorting: at most two entries, mostly total volume descending, iron condor by prob_loss ascending', () => {
    for (const k of SPEC_KEYS as StrategyKey[]) {
      const sorting = STRATEGIES[k].defaultSorting;
      expect(sorting.length, k).toBeGreaterThanOrEqual(1);
      expect(sorting.length, k).toBeLessThanOrEqual(2);
    }
    const byVolume = (SPEC_KEYS as StrategyKey[]).filter(
      (k) =>
        STRATEGIES[k].defaultSorting[0]?.[0] === 'total_vol' &&
        STRATEGIES[k].defaultSorting[0]?.[1] === 'desc',
    );
    expect(byVolume.length).toBeGreaterThan(SPEC_KEYS.length / 2);
    expect(STRATEGIES.iron_condor.defaultSorting[0]).toEqual(['prob_loss', 'asc']);
  });

  test('every strategy states in one line what its default scan looks for', () => {
    for (const k of STRATEGY_KEYS) {
      expect(STRATEGIES[k].intent.length, k).toBeGreaterThan(10);
      expect(STRATEGIES[k].intent.length, k).toBeLessThanOrEqual(120);
    }
  });

  test('income defaults keep the sold options out of the money (strike vs ATR by leg)', () => {
    const above = range(0.01, null);
    const below = range(null, -0.01);
    expect(filters('covered_call').leg_strike_atr_1).toEqual(above);
    expect(filters('naked_call').leg_strike_atr_1).toEqual(above);
    expect(filters('naked_put').leg_strike_atr_1).toEqual(below);
    expect(filters('bull_put_spread').leg_strike_atr_2).toEqual(below);
    expect(filters('bear_call_spread').leg_strike_atr_1).toEqual(above);
    expect([filters('iron_condor').leg_strike_atr_2, filters('iron_condor').leg_strike_atr_3]).toEqual([
      below,
      above,
    ]);
    expect([filters('short_strangle').leg_strike_atr_1, filters('short_strangle').leg_strike_atr_2]).toEqual([
      below,
      above,
    ]);
  });

  test('labels, hints, icons and groups', () => {
    expect(STRATEGIES.bull_call_spread.legs.map((l) => l.label)).toEqual(['Long CALL', 'Short CALL']);
    expect(STRATEGIES.call_butterfly.legs.map((l) => l.label)).toEqual(['Lower Long', 'Short', 'Upper Long']);
    expect(STRATEGIES.long_call_calendar_spread.legs.map((l) => l.label)).toEqual(['Front', 'Back']);
    expect(STRATEGIES.long_straddle.legs.map((l) => l.label)).toEqual(['PUT', 'CALL']);
    expect(STRATEGIES.iron_condor.breakevenLabels).toEqual(['Lower', 'Upper']);
    expect(STRATEGIES.long_call_calendar_spread.hint).toMatch(/same strike/);
    expect(STRATEGIES.long_strangle.hint).toMatch(/call strike above the put strike/);
    expect(STRATEGIES.custom.hint).toMatch(/at least one option leg/i);
    const icons = (SPEC_KEYS as StrategyKey[]).map((k) => STRATEGIES[k].icon);
    expect(new Set(icons).size).toBe(icons.length);
    for (const g of STRATEGY_GROUPS) expect(strategiesInGroup(g).length, g).toBeGreaterThan(0);
    const grouped = STRATEGY_GROUPS.flatMap((g) => strategiesInGroup(g).map((d) => d.key));
    expect(grouped.sort()).toEqual([...SPEC_KEYS].sort());
    expect(strategyDefinition('iron_condor').title).toBe('Iron Condor');
  });

  test('only the ratio spreads and custom open an editor', () => {
    const withEditor = (SPEC_KEYS as StrategyKey[]).filter((k) => STRATEGIES[k].editor !== null);
    expect(withEditor.sort()).toEqual(['call_ratio_spread', 'custom', 'put_ratio_spread']);
  });

  test('every default filter value is valid for the filter catalogue', () => {
    for (const k of STRATEGY_KEYS) {
      for (const [name, value] of Object.entries(filters(k))) {
        expect(parseFilterValue(name, value), `${k}.${name}`).toEqual(value);
      }
    }
  });

  test('IV-rank premium side follows spec 2 §9.3', () => {
    const sold = (SPEC_KEYS as StrategyKey[]).filter((k) => STRATEGIES[k].premium === 'sold').sort();
    expect(sold).toEqual(
      [
        'naked_call',
        'naked_put',
        'covered_call',
        'bear_call_spread',
        'bull_put_spread',
        'short_straddle',
        'short_strangle',
        'call_butterfly',
        'put_butterfly',
        'iron_butterfly',
        'iron_condor',
        'call_ratio_spread',
        'put_ratio_spread',
      ].sort(),
    );
    expect(STRATEGIES.custom.premium).toBe('neutral');
  });
});
