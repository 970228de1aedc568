/**
 * A row's values are the domain's `tradeMetrics` for its trade: read from the kernel, from the legs'
 * lists or from the whole metrics, every column backed by a trade metric shows what
 * `tradeMetrics` says (null for a missing or non-finite number).
 */
import { describe, expect, test } from 'vitest';
import { COLUMNS } from '#domain/columns/column-catalogue.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { tradeInput } from '#engine/trade-input.ts';
import { RowBuilder } from '#engine/trade-rows.ts';
import { scanTiny, tinyMarket } from './tiny-market.ts';

const shown = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(shown) : typeof v === 'number' ? (Number.isFinite(v) ? v : null) : v;

describe('trade rows', () => {
  test.each([
    'long_call',
    'bull_put_spread',
    'iron_condor',
    'long_put_calendar_spread',
    'long_call_diagonal_spread',
    'covered_call',
  ] as const)('every trade-metric column of %s shows tradeMetrics’ value', async (strategy) => {
    const market = tinyMarket({ seed: 3, underlyings: 2, expirations: 3, strikes: 8 });
    const spec: ScanSpec = { strategy, legs: null, filters: {} };
    const result = await scanTiny(market, spec);
    const keys = COLUMNS.map((c) => c.name);
    const rows = new RowBuilder(result, keys);
    let checked = 0;
    for (const g of result.groups) {
      for (const t of g.trades.slice(0, 3)) {
        const row = rows.trade(g, t);
        const view = result.capture.view;
        const want = tradeMetrics(
          tradeInput(view, g.u, result.plan.structure, t.rows, result.plan.level),
        ) as unknown as Record<string, unknown>;
        for (const name of Object.keys(row.values)) {
          const key = name === 'breakeven' ? 'breakevens' : name;
          if (!(key in want) || key === 'scenarios') continue;
          expect(row.values[name], `${strategy} ${name}`).toEqual(shown(want[key]));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
