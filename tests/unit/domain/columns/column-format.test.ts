import { describe, expect, test } from 'vitest';
import { COLUMNS } from '#domain/columns/column-catalogue.ts';
import { formatColumnValue } from '#domain/columns/column-format.ts';

describe('formatColumnValue', () => {
  test('fractions as percent, per-contract money, plain money, fine greeks', () => {
    expect(formatColumnValue('prob_profit', 0.6789)).toBe('67.89%');
    expect(formatColumnValue('max_loss', 4.25)).toBe('$425.00');
    expect(formatColumnValue('stock_last', 1234.5)).toBe('$1,234.50');
    expect(formatColumnValue('theta', -0.01234)).toBe('-0.0123');
    expect(formatColumnValue('open_interest_1', 12345)).toBe('12,345');
    expect(formatColumnValue('market_cap', 2.5e12)).toBe('$2.50T');
  });

  test('lists, and an index picking one element', () => {
    expect(formatColumnValue('strike', [100, 105])).toBe('$100.00 / $105.00');
    expect(formatColumnValue('strike_2', [100, 105])).toBe('$105.00');
    expect(formatColumnValue('strike_2', 105)).toBe('$105.00');
    expect(formatColumnValue('expiration_date', ['2025-01-17', '2025-02-21'])).toBe(
      '2025-01-17 / 2025-02-21',
    );
    expect(formatColumnValue('breakeven_percent_1', [-0.05, 0.05])).toBe('-5.00%');
  });

  test('codes as names', () => {
    expect(formatColumnValue('sector_id', 2361)).toBe('Healthcare');
    expect(formatColumnValue('type_id', 2)).toBe('ETF');
    // Funds and indexes that track no sector carry sector 0: a dash, never a bare code.
    expect(formatColumnValue('sector_id', 0)).toBe('—');
    expect(formatColumnValue('strategy', 'iron_condor')).toBe('Iron Condor');
    expect(formatColumnValue('iron_condor_shape', 'riskless_up')).toBe('Riskless up');
    expect(formatColumnValue('expiration_type', ['standard', 'weekly'])).toBe('Monthly / Weekly');
    expect(formatColumnValue('weekly_options', true)).toBe('Yes');
    expect(formatColumnValue('analyst_recommendation', 1.8)).toBe('Buy (1.80)');
    expect(formatColumnValue('analyst_recommendation_change_1m', 0.25)).toBe('Downgrade (+0.25)');
    expect(formatColumnValue('analyst_recommendation_change_1w', -0.1)).toBe('Upgrade (-0.10)');
    expect(formatColumnValue('analyst_recommendation_change_6m', 0)).toBe('No change');
    expect(formatColumnValue('days_to_expiration', [0.5, 30])).toBe('in 12 hours / in 30 days');
    expect(formatColumnValue('stock_score', { fundamental: 7, growth: 5, technical: 8 })).toBe(
      'F 7 · G 5 · T 8',
    );
    expect(formatColumnValue('ma_crossover', 12)).toBe('Golden, 12 sessions');
    expect(formatColumnValue('ma_crossover', -1)).toBe('Death, 1 session');
  });

  test('missing values are empty', () => {
    expect(formatColumnValue('p_e', null)).toBe('');
    expect(formatColumnValue('p_e', undefined)).toBe('');
    expect(formatColumnValue('p_e', Number.NaN)).toBe('');
    expect(formatColumnValue('strike_2', [100])).toBe('');
  });

  test('unknown keys throw', () => {
    expect(() => formatColumnValue('nope', 1)).toThrow(/Unknown column/);
    expect(() => formatColumnValue('delta_2', 1)).toThrow(/Unknown column/);
  });

  test('every column formats a typical value without throwing', () => {
    for (const c of COLUMNS) {
      const sample = c.display === 'text' || c.display === 'date' ? '2025-01-17' : 1;
      expect(typeof formatColumnValue(c.name, sample)).toBe('string');
    }
  });
});
