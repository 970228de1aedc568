/**
 * The engine keeps only trades with something to gain and something to lose on the prices they
 * are figured at, and no stock leg on an index. A hand-made XYZ chain holds the screener's old
 * offenders, each checked to be a real candidate the domain calls untakeable: a call butterfly
 * bought for nothing (max loss $0, its margin return a division by zero), a bull call spread
 * costing more than its width, collars that cannot lose or cannot gain, a calendar whose back
 * month costs more than it can be worth. Mid prices (level 0) throughout.
 */
import { describe, expect, test } from 'vitest';
import { isTakeable } from '#domain/metrics/takeable.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { TradeMetrics } from '#domain/metrics/types.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { MarketView } from '#engine/market-view.ts';
import { structureOf } from '#engine/structure.ts';
import { tradeInput } from '#engine/trade-input.ts';
import { fixedMarket, scanTiny, type TinyMarket } from './tiny-market.ts';

const chain = (kind?: 1 | 3): TinyMarket =>
  fixedMarket({
    symbol: 'XYZ',
    spot: 100,
    iv: 0.3,
    kind,
    expirations: [
      {
        date: '2026-03-20',
        quotes: [
          { strike: 90, call: [10.2, 10.5], put: [0.2, 0.3] },
          // Mid 5.00: 90/95 costs 5.35 for a width of 5.
          { strike: 95, call: [4.0, 6.0], put: [0.8, 1.0] },
          { strike: 100, call: [2.9, 3.1], put: [2.4, 2.6] },
          // 100/105/110 costs 3.00 − 2 × 1.65 + 0.30 = 0; the 105 put (mid 4.60) sells under its
          // intrinsic value, so the 105/110 collar cannot lose.
          { strike: 105, call: [1.6, 1.7], put: [4.5, 4.7] },
          { strike: 110, call: [0.25, 0.35], put: [10.0, 10.4] },
        ],
      },
      {
        date: '2026-04-17',
        quotes: [
          { strike: 95, call: [6.6, 6.8], put: [1.6, 1.8] },
          // Mid 10.00 for an option worth about 4.50: the 100 call calendar cannot gain.
          { strike: 100, call: [9.0, 11.0], put: [3.4, 3.6] },
          { strike: 105, call: [2.3, 2.5], put: [6.4, 6.6] },
        ],
      },
    ],
  });

/** Every candidate's strikes (leg order) and metrics, kept or not, as the reference enumerates them. */
function metricsOf(market: TinyMarket, strategy: ScreenerStrategyKey, rows: readonly number[]): TradeMetrics {
  const view = new MarketView(market.instant);
  return tradeMetrics(tradeInput(view, 0, structureOf(strategy, {}), rows, 0));
}

/** Option rows of XYZ by expiration index, strike and right (calls before puts, as laid out). */
function rowOf(market: TinyMarket, date: string, strike: number, call: boolean): number {
  const view = new MarketView(market.instant);
  const o = view.cols.options;
  for (let r = 0; r < view.cols.underlyings.optionEnd[0]!; r++) {
    if (view.expirations[o.expiration[r]!] === date && o.strike[r] === strike && (o.right[r] === 1) === call)
      return r;
  }
  throw new Error(`no ${date} ${strike}`);
}

async function kept(market: TinyMarket, strategy: ScreenerStrategyKey): Promise<TradeMetrics[]> {
  const result = await scanTiny(market, { strategy, filters: {}, bidAskLevel: 0, narrowedToSymbol: 'XYZ' });
  const g = result.groups[0];
  if (!g) return [];
  return g.trades.map((t) =>
    tradeMetrics(tradeInput(result.capture.view, g.u, result.plan.structure, Array.from(t.rows), 0)),
  );
}

const strikes = (m: TradeMetrics) => m.strike.join('/');

describe('only trades a trader can take', () => {
  const market = chain();
  const M = '2026-03-20';
  const A = '2026-04-17';

  test.each([
    [
      'call_butterfly',
      [rowOf(market, M, 100, true), rowOf(market, M, 105, true), rowOf(market, M, 110, true)],
    ],
    ['bull_call_spread', [rowOf(market, M, 90, true), rowOf(market, M, 95, true)]],
    ['collar', [rowOf(market, M, 105, false), rowOf(market, M, 110, true)]],
    ['collar', [rowOf(market, M, 90, false), rowOf(market, M, 95, true)]],
    ['long_call_calendar_spread', [rowOf(market, M, 100, true), rowOf(market, A, 100, true)]],
  ] as const)(
    '%s %#: the untakeable candidate is not kept, every kept one is takeable',
    async (strategy, rows) => {
      const bad = metricsOf(market, strategy, rows);
      expect(isTakeable(bad, 100)).toBe(false);
      const trades = await kept(market, strategy);
      expect(trades.length).toBeGreaterThan(0);
      expect(trades.map(strikes)).not.toContain(strikes(bad));
      for (const m of trades) {
        expect(m.max_profit_unlimited || (m.max_profit ?? 0) > 0).toBe(true);
        expect(m.max_loss_unlimited || (m.max_loss ?? 0) > 0).toBe(true);
        expect(m.max_return_margin === null || m.max_return_margin < 1e3).toBe(true);
      }
    },
  );

  test('the arbitrage butterfly: max loss 0, so its margin return was a division by nothing', () => {
    const m = metricsOf(market, 'call_butterfly', [
      rowOf(market, M, 100, true),
      rowOf(market, M, 105, true),
      rowOf(market, M, 110, true),
    ]);
    expect(Math.abs(m.max_loss ?? Number.NaN)).toBeLessThan(1e-9);
    expect(m.max_profit).toBeCloseTo(5, 9);
  });
});

describe('no stock leg on an index', () => {
  test.each(['covered_call', 'married_put', 'married_call', 'collar'] as const)(
    '%s finds trades on a stock, none on an index',
    async (strategy) => {
      expect((await kept(chain(1), strategy)).length).toBeGreaterThan(0);
      expect(await kept(chain(3), strategy)).toEqual([]);
    },
  );

  test('a custom strategy with shares skips the index; option-only strategies still scan it', async () => {
    const legs = [
      { kind: 'stock', quantity: 100 },
      { kind: 'option', right: 'CALL', quantity: -1 },
    ] as const;
    const spec = { strategy: 'custom', legs, filters: {}, bidAskLevel: 0, narrowedToSymbol: 'XYZ' } as const;
    expect((await scanTiny(chain(1), spec)).groups.length).toBe(1);
    expect((await scanTiny(chain(3), spec)).groups.length).toBe(0);
    expect((await kept(chain(3), 'bull_call_spread')).length).toBeGreaterThan(0);
  });
});

/**
 * Riskless arbitrage on the shown prices: a trade that cannot lose and gains for sure (max loss below
 * zero) is not a trade a broker fills. The chain holds a call vertical priced below its lower bound
 * (the 95 call's mid under the 100 call's: 95/100 is bought for a credit) and a call calendar sold
 * for a credit (the April 100 call's mid under the March one's).
 */
describe('riskless arbitrage: max loss below zero', () => {
  const M = '2026-03-20';
  const A = '2026-04-17';
  const market = fixedMarket({
    symbol: 'XYZ',
    spot: 100,
    iv: 0.3,
    expirations: [
      {
        date: M,
        quotes: [
          { strike: 90, call: [10.2, 10.5], put: [0.2, 0.3] },
          { strike: 95, call: [2.2, 2.4], put: [0.8, 1.0] },
          { strike: 100, call: [2.7, 2.9], put: [2.4, 2.6] },
          { strike: 105, call: [1.0, 1.2], put: [5.5, 5.8] },
          { strike: 110, call: [0.25, 0.35], put: [10.0, 10.4] },
        ],
      },
      {
        date: A,
        quotes: [
          // No 95 strike: the strikes of a vertical name its expiration here.
          { strike: 100, call: [2.4, 2.6], put: [3.4, 3.6] },
          { strike: 105, call: [1.4, 1.6], put: [6.4, 6.6] },
          { strike: 110, call: [0.5, 0.7], put: [10.4, 10.6] },
        ],
      },
    ],
  });

  test.each([
    ['bull_call_spread', [rowOf(market, M, 95, true), rowOf(market, M, 100, true)], 0.5],
    ['long_call_calendar_spread', [rowOf(market, M, 100, true), rowOf(market, A, 100, true)], 0.3],
  ] as const)(
    '%s priced below its bounds cannot lose and gains for sure: not offered',
    async (strategy, rows, gain) => {
      const arbitrage = metricsOf(market, strategy, rows);
      // Max loss −gain: every outcome gains at least `gain` per share.
      expect(arbitrage.max_loss).toBeCloseTo(-gain, 9);
      expect(isTakeable(arbitrage, 100)).toBe(false);
      const trades = await kept(market, strategy);
      expect(trades.map(strikes)).not.toContain(strikes(arbitrage));
      for (const m of trades) expect(m.max_loss_unlimited || (m.max_loss ?? 0) > 0).toBe(true);
    },
  );
});
