import { describe, expect, test } from 'vitest';
import {
  isScreenerStrategyKey,
  isStrategyKey,
  SCREENER_STRATEGY_KEYS,
  STRATEGY_KEYS,
} from '#domain/strategies/strategy-key.ts';

describe('strategy keys', () => {
  test('the screener offers the 27 keys of spec 2 §3.1; orders and the analyzer add stock', () => {
    expect(SCREENER_STRATEGY_KEYS).toHaveLength(27);
    expect(STRATEGY_KEYS).toEqual([...SCREENER_STRATEGY_KEYS, 'long_stock', 'short_stock']);
    expect(new Set(STRATEGY_KEYS).size).toBe(STRATEGY_KEYS.length);
  });

  test('guards tell keys from other strings', () => {
    expect(isStrategyKey('iron_condor')).toBe(true);
    expect(isStrategyKey('long_stock')).toBe(true);
    expect(isStrategyKey('iron-condor')).toBe(false);
    expect(isScreenerStrategyKey('long_stock')).toBe(false);
    expect(isScreenerStrategyKey('custom')).toBe(true);
  });
});
