/**
 * The engine returns exactly the brute-force reference's trades, in the same order, with the same
 * sort keys and counts: random tiny markets (1–3 underlyings × 1–4 expirations × 3–7 strikes),
 * random strategies (custom legs and ratio counts included), random filters of every stage and
 * value kind, random sortings and bid/ask levels, grouped and narrowed.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import { BID_ASK_LEVELS } from '#domain/metrics/bid-ask.ts';
import { SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { MarketView } from '#engine/market-view.ts';
import { NARROWED_MAX, runScan, runShardsHere, SIMILAR } from '#engine/scan-run.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import type { CustomLeg } from '#engine/structure.ts';
import { structureOf } from '#engine/structure.ts';
import { tradeLegs } from '#engine/trade-input.ts';
import { NO_EXTRAS } from '#engine/underlying-stage.ts';
import { referenceScan } from './reference.ts';
import { tinyMarket } from './tiny-market.ts';

const range = (lo: number, hi: number) =>
  fc
    .tuple(
      fc.option(fc.double({ min: lo, max: hi, noNaN: true })),
      fc.option(fc.double({ min: lo, max: hi, noNaN: true })),
    )
    .map(([a, b]) => {
      const min = a ?? null;
      const max = b ?? null;
      return min !== null && max !== null && min > max
        ? { type: 'range', min: max, max: min }
        : { type: 'range', min, max };
    });
const prob = range(0, 1).map((r) => ({ ...r, type: 'probability' }));
const closestOr = (type: string, lo: number, hi: number) =>
  fc.oneof(
    range(lo, hi).map((r) => ({ ...r, type, mode: 'range' })),
    fc.double({ min: lo, max: hi, noNaN: true }).map((target) => ({ type, mode: 'closest', target })),
  );
const scenario = (lo: number, hi: number) =>
  fc.record({
    type: fc.constant('scenario'),
    shift: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
    unit: fc.constantFrom('pct', 'atr', 'std', 'target_price'),
    min: fc.option(fc.double({ min: lo, max: hi, noNaN: true })),
    max: fc.constant(null),
  });

/** Filter key → value generator, one of every stage and value kind. */
const FILTERS: Record<string, fc.Arbitrary<unknown>> = {
  total_vol: range(0, 20_000),
  stock_last: range(20, 200),
  sector: fc.subarray([1, 2, 3, 4, 6]).map((values) => ({ type: 'sector', values })),
  include_symbols: fc.subarray(['AAA', 'BBB', 'CCC']).map((values) => ({ type: 'any_of', values })),
  exclude_symbols: fc.subarray(['AAA', 'BBB']).map((values) => ({ type: 'none_of', values })),
  type_id: fc.constantFrom(1, 2, 3).map((value) => ({ type: 'equals', value })),
  earnings_date_picker: fc.constant({ type: 'date_range', mode: 'relative', from: 0, to: 30 }),
  days_to_expiration: closestOr('range_or_closest', 0, 80),
  moneyness: closestOr('range_or_closest', -0.3, 0.3),
  expiration_type: fc.subarray(['standard', 'weekly']).map((values) => ({ type: 'choice_map', values })),
  expiration_date: fc.constant({ type: 'date_range', mode: 'relative', from: 0, to: 20 }),
  open_interest: range(0, 3000),
  volume: range(0, 500),
  leg_mid: range(0, 10),
  leg_bid_ask_spread: range(0, 1),
  prob_otm: prob,
  strike: range(20, 200),
  leg_delta_1: closestOr('leg_delta', -1, 1),
  leg_delta_2: closestOr('leg_delta', -1, 1),
  leg_strike_atr_1: range(-5, 5),
  leg_strike_p_e_2: range(0, 40),
  max_loss: range(0, 20),
  max_profit: range(0, 20),
  bid: range(-5, 10),
  mid: range(0, 10),
  bid_ask_spread: range(0, 2),
  delta: range(-1, 1),
  theta: range(-0.5, 0.5),
  prob_profit: prob,
  prob_loss_up: prob,
  prob_max_profit: prob,
  spread_profit_ratio: range(0, 5),
  spread_expected_value: range(-3, 3),
  return_acquisition: range(-1, 1),
  max_return_margin: range(0, 2),
  covered_call_return_acquisition: range(-1, 1),
  iv_ratio: range(0.5, 1.5),
  coverage_ratio: range(0, 3),
  spread_width: closestOr('range_or_closest', 0, 30),
  breakeven_percent_1: range(-0.3, 0.3),
  atr_vs_bep_2: range(0, 5),
  earnings_date: fc
    .constantFrom('before_expiration', 'after_expiration')
    .map((value) => ({ type: 'equals', value })),
  iron_condor_shape: fc
    .subarray(['balanced', 'riskless_down', 'riskless_up'])
    .map((values) => ({ type: 'choice_map', values })),
  butterfly_shape: fc
    .subarray(['balanced', 'riskless_down', 'riskless_up'], { minLength: 1 })
    .map((values) => ({ type: 'choice_map', values })),
  move_ratio_1pct: range(-1, 1),
  cpd: range(0, 0.5),
  profit_range_percent: range(0, 1),
  expiration_diff_days: range(0, 60),
  shift_pl_margin_1: scenario(-2, 1),
  new_prob_profit_at_2: scenario(0, 1),
};

const SORT_KEYS = [
  'total_vol',
  'underlying',
  'stock_last',
  'max_loss',
  'max_profit',
  'prob_profit',
  'prob_loss',
  'spread_expected_value',
  'delta',
  'theta',
  'iv_ratio',
  'bid',
  'mid',
  'strike',
  'strike_2',
  'leg_delta_1',
  'open_interest',
  'expiration_date',
  'breakeven_percent_1',
  'breakeven_2',
  'shift_pl_1',
  'return_acquisition',
  'margin',
  'spread_width',
  'iron_condor_shape',
  'move_ratio_1atr',
  'industry',
];

const customLegs: fc.Arbitrary<CustomLeg[]> = fc
  .tuple(
    fc.array(
      fc.record({
        right: fc.constantFrom('CALL' as const, 'PUT' as const),
        quantity: fc.constantFrom(-2, -1, 1, 2, 3),
        strike: fc.constantFrom('same' as const, 'greater' as const),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    fc.option(fc.constantFrom(-200, -100, 100, 300)),
  )
  .map(([options, stock]) => {
    const legs: CustomLeg[] = options.map((o) => ({ kind: 'option', ...o }));
    if (stock !== null) legs.splice(1, 0, { kind: 'stock', quantity: stock });
    return legs;
  });

const specArb = fc
  .record({
    strategy: fc.constantFrom(...SCREENER_STRATEGY_KEYS),
    legs: customLegs,
    ratio: fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }))
      .map(([a, b]) => ({ long: Math.min(a, b), short: Math.max(a, b) + (a === b ? 1 : 0) })),
    filterKeys: fc.subarray(Object.keys(FILTERS), { maxLength: 5 }),
    sorting: fc.array(
      fc.tuple(fc.constantFrom(...SORT_KEYS), fc.constantFrom('asc' as const, 'desc' as const)),
      {
        maxLength: 2,
      },
    ),
    level: fc.constantFrom(...BID_ASK_LEVELS.map((l) => l.value)),
    narrow: fc.option(fc.constantFrom('AAA', 'BBB')),
  })
  .chain((r) =>
    fc.record(Object.fromEntries(r.filterKeys.map((k) => [k, FILTERS[k]!]))).map(
      (filters): ScanSpec => ({
        strategy: r.strategy,
        legs: r.strategy === 'custom' ? r.legs : null,
        ratio: r.ratio,
        filters,
        sorting: r.sorting.filter((s, i, all) => all.findIndex((t) => t[0] === s[0]) === i),
        bidAskLevel: r.level,
        narrowedToSymbol: r.narrow,
      }),
    ),
  );

// ENGINE_PROPERTY_RUNS / ENGINE_PROPERTY_SEED explore further than the pinned default run.
const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 200);
const SEED = Number(process.env.ENGINE_PROPERTY_SEED ?? 20260304);

const sameNumber = (a: number, b: number) =>
  Object.is(a, b) || a === b || (Number.isNaN(a) && Number.isNaN(b));

describe('engine = brute-force reference', () => {
  test('random markets, strategies, filters, sortings', async () => {
    let compared = 0;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 1e6 }),
          underlyings: fc.integer({ min: 1, max: 3 }),
          expirations: fc.integer({ min: 1, max: 4 }),
          strikes: fc.integer({ min: 3, max: 7 }),
        }),
        specArb,
        async (m, spec) => {
          let structureOk = true;
          try {
            structureOf(spec.strategy, { ratio: spec.ratio ?? null, customLegs: spec.legs ?? null });
          } catch {
            structureOk = false;
          }
          if (!structureOk) return;
          const market = tinyMarket(m);
          const view = new MarketView(market.instant);
          const result = await runScan(spec, {
            market: { snapshot: () => market.snapshot, riskFreeRate: () => market.instant.riskFreeRate },
            extras: NO_EXTRAS,
            runShards: runShardsHere,
            cancel: new Int32Array(new SharedArrayBuffer(4)),
            shardSize: 1,
            warn: () => {},
          });
          const ref = referenceScan(view, spec, { similar: SIMILAR, narrowedMax: NARROWED_MAX });
          const s = result.plan.structure;
          const ids = (v: MarketView, u: number, rows: ArrayLike<number>) =>
            tradeLegs(v, u, s, rows)
              .map((l) => `${formatContractId(l.contract)}×${l.quantity}`)
              .join(' ');
          // A grouped scan stops a ticker once its best trades are known: its count is then a floor.
          const got = result.groups.map((g, i) => ({
            symbol: g.symbol,
            count: g.exact ? g.count : Math.max(g.count, ref[i]?.count ?? 0),
            trades: g.trades.map((t) => ({
              ids: ids(result.capture.view, g.u, t.rows),
              keys: Array.from(t.keys),
            })),
          }));
          const want = ref.map((g) => ({
            symbol: g.symbol,
            count: g.count,
            trades: g.trades.map((t) => ({ ids: ids(view, t.u, t.rows), keys: [...t.keys] })),
          }));
          const textKeys = result.plan.sort.map(
            (k) => k.kind === 'underlying' && ['underlying', 'industry', 'name'].includes(k.name),
          );
          result.groups.forEach((g, i) => {
            if (!g.exact) expect(ref[i]?.count ?? 0).toBeGreaterThanOrEqual(g.count);
          });
          expect(got.map((g) => [g.symbol, g.count, g.trades.map((t) => t.ids)])).toEqual(
            want.map((g) => [g.symbol, g.count, g.trades.map((t) => t.ids)]),
          );
          got.forEach((g, i) => {
            g.trades.forEach((t, j) => {
              t.keys.forEach((k, n) => {
                if (textKeys[n]) return;
                const w = want[i]!.trades[j]!.keys[n]!;
                if (!sameNumber(k, w)) throw new Error(`${g.symbol} trade ${j} key ${n}: ${k} vs ${w}`);
              });
            });
          });
          compared++;
          if (got.length > 0) nonEmpty++;
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect(compared).toBeGreaterThan(RUNS * 0.6);
    expect(nonEmpty).toBeGreaterThan(RUNS * 0.15);
  }, 120_000);
});
