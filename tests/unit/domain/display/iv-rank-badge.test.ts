import { describe, expect, test } from 'vitest';
import { ivRankBadge } from '#domain/display/iv-rank-badge.ts';
import { STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';

const bands = (strategy: string) =>
  [0, 0.2, 0.21, 0.5, 0.79, 0.8, 1].map((rank) => ivRankBadge(strategy, rank));

describe('IV rank badge (spec 2 §9.3)', () => {
  test('sold premium: high rank is good, low rank bad', () => {
    expect(bands('iron_condor')).toEqual([
      'error',
      'error',
      'neutral',
      'neutral',
      'neutral',
      'success',
      'success',
    ]);
  });

  test('bought premium: the colours are reversed', () => {
    expect(bands('long_call_calendar_spread')).toEqual([
      'success',
      'success',
      'neutral',
      'neutral',
      'neutral',
      'error',
      'error',
    ]);
  });

  test('other strategies, unknown keys and missing ranks are neutral', () => {
    expect(bands('no_such_strategy').every((tone) => tone === 'neutral')).toBe(true);
    expect(bands('custom').every((tone) => tone === 'neutral')).toBe(true);
    expect(bands('long_stock').every((tone) => tone === 'neutral')).toBe(true);
    expect(ivRankBadge('iron_condor', null)).toBe('neutral');
    expect(ivRankBadge('iron_condor', Number.NaN)).toBe('neutral');
  });

  test("the side is the strategy catalogue's: 13 sold, 13 bought, custom and stock neutral", () => {
    const at = (rank: number) => STRATEGY_KEYS.filter((key) => ivRankBadge(key, rank) === 'success');
    const sold = at(1);
    const bought = at(0);
    expect([sold.length, bought.length]).toEqual([13, 13]);
    expect(sold.filter((key) => bought.includes(key))).toEqual([]);
    expect(sold).toContain('covered_call');
    expect(bought).toContain('collar');
    expect(STRATEGY_KEYS.filter((key) => !sold.includes(key) && !bought.includes(key))).toEqual([
      'custom',
      'long_stock',
      'short_stock',
    ]);
  });
});
