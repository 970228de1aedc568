/**
 * On the simulated market (American stock and ETF chains, European index chains), no scan offers a
 * trade that cannot lose: every result row's max loss is above zero, or unlimited.
 */
import { expect, test } from 'vitest';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { runScan, runShardsHere } from '#engine/scan-run.ts';
import { tradeInput } from '#engine/trade-input.ts';
import { NO_EXTRAS } from '#engine/underlying-stage.ts';
import { testMarket } from '#tests/unit/market/market-fixture.ts';

const STRATEGIES: readonly ScreenerStrategyKey[] = [
  'bull_call_spread',
  'bull_put_spread',
  'long_call_calendar_spread',
  'long_put_calendar_spread',
  'call_butterfly',
  'collar',
];

test.each(STRATEGIES)(
  '%s: every row of the scan can lose something',
  async (strategy) => {
    const { market } = testMarket();
    let rows = 0;
    // Every ticker with all its trades (the first page of each), at the mids and at the fills of the
    // strategy's default level.
    for (const symbol of ['SPY', 'AAPL', 'TSLA', 'XLU', 'KO', 'SPX']) {
      for (const bidAskLevel of [0, null]) {
        const result = await runScan(
          { strategy, filters: {}, bidAskLevel, narrowedToSymbol: symbol },
          {
            market: { snapshot: () => market.snapshot(), riskFreeRate: () => market.riskFreeRate() },
            extras: NO_EXTRAS,
            runShards: runShardsHere,
            cancel: new Int32Array(new SharedArrayBuffer(4)),
            shardSize: 1,
            warn: () => {},
          },
        );
        for (const g of result.groups) {
          for (const t of g.trades) {
            const level = result.plan.level;
            const m = tradeMetrics(
              tradeInput(result.capture.view, g.u, result.plan.structure, Array.from(t.rows), level),
            );
            expect(m.max_loss_unlimited || (m.max_loss ?? 0) > 0, `${symbol} ${m.strike.join('/')}`).toBe(
              true,
            );
            rows++;
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(0);
  },
  120_000,
);
