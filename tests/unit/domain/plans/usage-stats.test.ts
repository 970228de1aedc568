import { describe, expect, test } from 'vitest';
import { planLimits } from '#domain/plans/plan-limits.ts';
import { usageStats, watchingText } from '#domain/plans/usage-stats.ts';

describe('usage stats', () => {
  test('come from the plan limits and the watched count', () => {
    expect(usageStats(planLimits(112), 3)).toEqual({
      maxWatchingScans: 20,
      usedWatchingScans: 3,
      reportsAvailability: 2,
      maxTradingAccounts: null,
    });
    expect(usageStats(planLimits(12), 0)).toEqual({
      maxWatchingScans: 0,
      usedWatchingScans: 0,
      reportsAvailability: 1,
      maxTradingAccounts: 2,
    });
  });

  test('watch popover counter (spec 2 §6)', () => {
    expect(watchingText({ maxWatchingScans: 20, usedWatchingScans: 3 })).toBe(
      'Watching 3 out of 20 available scans',
    );
    expect(watchingText({ maxWatchingScans: 39, usedWatchingScans: 0 })).toBe(
      'Watching 0 out of 39 available scans',
    );
    expect(watchingText({ maxWatchingScans: 40, usedWatchingScans: 7 })).toBe('Watching 7 scans');
    expect(watchingText({ maxWatchingScans: 100, usedWatchingScans: 1 })).toBe('Watching 1 scan');
    expect(watchingText({ maxWatchingScans: 0, usedWatchingScans: 0 })).toBeNull();
  });
});
