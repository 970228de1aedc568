import { expect, test } from 'vitest';
import { isScreenerStrategy, SCREENER_STRATEGIES, StrategyScope } from '#domain/filters/strategy-scope.ts';

test('27 screener strategies (spec 2 §3.1)', () => {
  expect(SCREENER_STRATEGIES).toHaveLength(27);
  expect(isScreenerStrategy('custom')).toBe(true);
  expect(isScreenerStrategy('long_stock')).toBe(false);
});

test('scopes', () => {
  expect(StrategyScope.MultiLeg).not.toContain('covered_call');
  expect(StrategyScope.MultiLeg).toContain('collar');
  expect(StrategyScope.MultiStrike).not.toContain('short_straddle');
  expect(StrategyScope.MultiStrike).not.toContain('long_put_calendar_spread');
  expect(StrategyScope.MultiStrike).toContain('long_put_diagonal_spread');
  expect(StrategyScope.MultiExpiration).toHaveLength(4);
  expect(StrategyScope.ShortPremium).not.toContain('long_strangle');
  expect(StrategyScope.ShortPremium).toContain('bull_call_spread');
  for (const scope of Object.values(StrategyScope))
    for (const s of scope) expect(isScreenerStrategy(s)).toBe(true);
});
