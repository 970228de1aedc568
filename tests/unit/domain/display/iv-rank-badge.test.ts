import { describe, expect, test } from 'vitest';
import {
  BOUGHT_PREMIUM_STRATEGIES,
  ivRankBadge,
  SOLD_PREMIUM_STRATEGIES,
} from '#domain/display/iv-rank-badge.ts';

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

  test('other strategies and missing ranks are neutral', () => {
    expect(bands('custom').every((tone) => tone === 'neutral')).toBe(true);
    expect(bands('long_stock').every((tone) => tone === 'neutral')).toBe(true);
    expect(ivRankBadge('iron_condor', null)).toBe('neutral');
    expect(ivRankBadge('iron_condor', Number.NaN)).toBe('neutral');
  });

  test('the two groups cover 26 strategies and do not overlap', () => {
    expect(SOLD_PREMIUM_STRATEGIES.size + BOUGHT_PREMIUM_STRATEGIES.size).toBe(26);
    expect([...SOLD_PREMIUM_STRATEGIES].filter((s) => BOUGHT_PREMIUM_STRATEGIES.has(s))).toEqual([]);
  });
});
