/**
 * Every default scan (one per strategy, as a new scan starts) and every gallery sample states its
 * intent in one line (the strategy's `intent`, the sample's description), and its filters say the
 * same: on the default simulated market of the tests (universe S, seed 1), pinned to Wednesday
 * 2026-03-04 10:30 New York, every row of its first page (each ticker's best trade and its similar
 * ones) fits the intent. The checks are written per intent (sold options out of the money, a
 * credit, a debit, …), and each scan lists the intents its line states. Every row must also have
 * something to gain and something to lose.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { strategyDraft } from '#app/screens/scan/scan-draft.ts';
import { fillPrice } from '#domain/metrics/bid-ask.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { SCREENER_STRATEGY_KEYS, type ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import type { ScanRequest } from '#engine/scan-page.ts';
import type { GroupRow, TradeRow } from '#engine/trade-rows.ts';
import { ScanEngine } from '#server/engine/scan-engine.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { GALLERY } from '#server/screener/gallery.ts';
import { sampleScan } from '#server/screener/seed.ts';

const AS_OF = Date.parse('2026-03-04T15:30:00Z');
const market = createSimulatedMarket({ seed: 1, universe: 'S', hours: 'always' }, { clock: () => AS_OF });
const engine = new ScanEngine({ market: () => market, workers: 0, timeBudgetMs: 600_000 });
afterAll(() => engine.close());

/** What a row of a scan promises, each checked on its own. */
type Intent =
  | 'sold_otm'
  | 'bought_otm'
  | 'near_2pc'
  | 'near_5pc'
  | 'sold_within_atr'
  | 'credit'
  | 'debit'
  | 'no_upside_risk'
  | 'rich_front'
  | 'balanced_wings';

interface Row {
  readonly trade: TradeRow;
  readonly price: number;
  readonly atr: number;
  readonly cost: number;
}

const options = (r: Row) => r.trade.legs.filter((l) => l.kind === 'option');
const outOfTheMoney = (r: Row, sold: boolean) =>
  options(r)
    .filter((l) => l.quantity < 0 === sold)
    .every((l) => (l.right === 'CALL' ? l.strike! > r.price : l.strike! < r.price));
const within = (r: Row, fraction: number) =>
  options(r).every((l) => Math.abs(l.strike! - r.price) <= fraction * r.price + 1e-9);

/** Per intent: true when the row fits. */
const CHECKS: Readonly<Record<Intent, (r: Row) => boolean>> = {
  // Income: every option sold is out of the money (calls above the price, puts below).
  sold_otm: (r) => outOfTheMoney(r, true),
  bought_otm: (r) => outOfTheMoney(r, false),
  near_2pc: (r) => within(r, 0.02),
  near_5pc: (r) => within(r, 0.05),
  sold_within_atr: (r) =>
    options(r)
      .filter((l) => l.quantity < 0)
      .every((l) => Math.abs(l.strike! - r.price) <= r.atr + 1e-9),
  credit: (r) => r.cost < 0,
  debit: (r) => r.cost > 0,
  // Calls net to zero and the P/L far above every strike is no loss.
  no_upside_risk: (r) => {
    const calls = options(r).filter((l) => l.right === 'CALL');
    if (calls.reduce((n, l) => n + l.quantity, 0) !== 0) return false;
    const far = 10 * Math.max(...options(r).map((l) => l.strike!));
    const payoff = calls.reduce((v, l) => v + l.quantity * (far - l.strike!), 0);
    // A credit of exactly the call spread's width breaks even above it (to rounding of the sum).
    return payoff - r.cost >= -1e-9;
  },
  // The sold options' implied volatility is above the bought ones'.
  rich_front: (r) => {
    const iv = (sold: boolean) => options(r).filter((l) => l.quantity < 0 === sold)[0]!.iv!;
    return iv(true) >= iv(false);
  },
  balanced_wings: (r) => {
    const k = options(r)
      .map((l) => l.strike!)
      .sort((a, b) => a - b);
    return Math.abs(k[1]! - k[0]! - (k[3]! - k[2]!)) < 1e-9;
  },
};

/** What each strategy's default scan states (its `intent`). */
const DEFAULT_INTENTS: Readonly<Record<ScreenerStrategyKey, readonly Intent[]>> = {
  long_call: ['near_2pc', 'debit'],
  long_put: ['near_2pc', 'debit'],
  naked_call: ['sold_otm', 'credit'],
  naked_put: ['sold_otm', 'credit'],
  covered_call: ['sold_otm'],
  married_call: ['near_2pc'],
  married_put: ['near_2pc'],
  bull_call_spread: ['debit'],
  bear_call_spread: ['sold_otm', 'credit'],
  bull_put_spread: ['sold_otm', 'credit'],
  bear_put_spread: ['debit'],
  long_straddle: ['near_5pc', 'debit'],
  short_straddle: ['near_5pc', 'credit'],
  long_strangle: ['bought_otm', 'debit'],
  short_strangle: ['sold_otm', 'credit'],
  call_butterfly: ['debit'],
  put_butterfly: ['debit'],
  iron_butterfly: ['sold_within_atr', 'credit'],
  iron_condor: ['sold_otm', 'credit'],
  long_call_calendar_spread: ['debit'],
  long_put_calendar_spread: ['debit'],
  long_call_diagonal_spread: ['sold_otm', 'debit'],
  long_put_diagonal_spread: ['sold_otm', 'debit'],
  collar: ['sold_otm', 'bought_otm'],
  call_ratio_spread: ['sold_otm'],
  put_ratio_spread: ['sold_otm'],
  custom: ['debit'],
};

/**
 * What a sample states on top of its strategy's defaults (custom samples: everything, since the
 * default custom scan's one bought call is not theirs).
 */
const SAMPLE_INTENTS: Readonly<Record<string, readonly Intent[]>> = {
  'jade-lizard': ['sold_otm', 'credit', 'no_upside_risk'],
  'call-calendars': ['rich_front'],
  'iron-condors-balanced': ['balanced_wings'],
};

interface Case {
  readonly name: string;
  readonly line: string;
  readonly request: ScanRequest;
  readonly intents: readonly Intent[];
}

const COLUMNS = ['stock_last', 'atr_dollar', 'max_profit', 'max_loss'];

const CASES: readonly Case[] = [
  ...SCREENER_STRATEGY_KEYS.map((strategy): Case => {
    const d = strategyDraft(strategy);
    return {
      name: `default ${strategy}`,
      line: STRATEGIES[strategy].intent,
      request: {
        strategy,
        legs: d.legs,
        ratio: d.ratio,
        filters: d.filters,
        sorting: d.sorting,
        bidAskLevel: d.bidAskLevel,
        columns: COLUMNS,
      },
      intents: DEFAULT_INTENTS[strategy],
    };
  }),
  ...GALLERY.map((g): Case => {
    const scan = sampleScan(g);
    const own = SAMPLE_INTENTS[g.key] ?? [];
    return {
      name: `sample ${g.key}`,
      line: g.description,
      request: {
        strategy: scan.strategy,
        legs: scan.definition.legs,
        ratio: scan.definition.ratio,
        filters: scan.filters,
        sorting: scan.definition.sorting,
        bidAskLevel: scan.definition.calculationSettings.bid_ask_level,
        columns: COLUMNS,
      },
      intents: g.strategy === 'custom' ? own : [...DEFAULT_INTENTS[g.strategy], ...own],
    };
  }),
];

const numberOf = (row: TradeRow, key: string): number | null => {
  const v = row.values[key];
  return typeof v === 'number' ? v : null;
};

function rowOf(trade: TradeRow, level: number): Row {
  const cost = trade.legs.reduce(
    (sum, l) =>
      sum + (l.kind === 'stock' ? l.quantity / 100 : l.quantity) * fillPrice(l.bid, l.ask, l.quantity, level),
    0,
  );
  return { trade, price: numberOf(trade, 'stock_last')!, atr: numberOf(trade, 'atr_dollar')!, cost };
}

describe('default and predefined scans fit their stated intent on the first page', () => {
  test('every scan states its intent in one line', () => {
    for (const c of CASES) {
      expect(c.line.length, c.name).toBeGreaterThan(20);
      expect(c.line.length, c.name).toBeLessThanOrEqual(120);
      expect(c.line, c.name).not.toMatch(/\n/);
    }
    expect(Object.keys(SAMPLE_INTENTS).filter((k) => !GALLERY.some((g) => g.key === k))).toEqual([]);
  });

  test.each(CASES.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const page = await engine.run('intents', c.request);
      expect(page.items.length, 'the first page has rows').toBeGreaterThan(0);
      const level = c.request.bidAskLevel ?? STRATEGIES[c.request.strategy].calculationSettings.bid_ask_level;
      const misfits: string[] = [];
      for (const item of page.items as readonly GroupRow[]) {
        for (const trade of [item, ...item.similar]) {
          const row = rowOf(trade, level);
          const maxProfit = numberOf(trade, 'max_profit');
          const maxLoss = numberOf(trade, 'max_loss');
          // null: unlimited.
          if (!(maxProfit === null || maxProfit > 0) || !(maxLoss === null || maxLoss > 0))
            misfits.push(`${trade.id}: max profit ${maxProfit}, max loss ${maxLoss}`);
          for (const intent of c.intents)
            if (!CHECKS[intent](row)) misfits.push(`${trade.id} at ${row.price}: not ${intent}`);
        }
      }
      expect(misfits.slice(0, 10), c.line).toEqual([]);
    },
    120_000,
  );
});
