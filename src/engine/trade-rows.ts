/**
 * Trade rows (spec 2 §3.7) of a scan result: the legs (contract ids as `formatContractId` writes
 * them, bid, ask, iv, delta, open interest) and the datapoints of the chosen columns, computed by
 * the domain's `tradeMetrics` on the market the scan captured. Values are in stored units (the
 * app and the CSV export format them with `formatColumnValue`); lists are per leg, breakeven or
 * scenario; dates are `YYYY-MM-DD`; missing values are null.
 */
import type {
  ScanGroupRow as GroupRow,
  ScanRowLeg as RowLeg,
  ScanRowValue as RowValue,
  ScanTradeRow as TradeRow,
} from '#api/scans.ts';
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import { isoDateOfEpochDay } from '#domain/filters/date-range.ts';
import { legGreeks } from '#domain/metrics/greeks.ts';
import { type LegMetrics, legMetrics } from '#domain/metrics/leg-metrics.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { ScenarioShift, TradeInput, TradeMetrics } from '#domain/metrics/types.ts';
import { LEG_NUMBERS } from './leg-fields.ts';
import type { MarketView } from './market-view.ts';
import { RowCache } from './row-cache.ts';
import type { ResultGroup, ResultTrade, ScanResult } from './scan-run.ts';
import { tradeInput, tradeLegs } from './trade-input.ts';
import { TradeKernel } from './trade-kernel.ts';
import { METRIC, SCENARIO_METRICS, TRADE_METRICS, type TradeMetricName } from './trade-metric.ts';
import { UNDERLYING_NUMBERS, UNDERLYING_TEXTS } from './underlying-fields.ts';

/** The rows' shapes are the API's (`POST /scans/run`), under the engine's names. */
export type { GroupRow, RowLeg, RowValue, TradeRow };

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
/**
 * Trade metrics a row reads from the kernel, which computes only the groups a value needs and is
 * tested to equal `tradeMetrics` bit for bit on them (trade-kernel.test.ts); the shapes (text in
 * the domain) and the secondary quotes and earnings date (read elsewhere) are not among them.
 */
const KERNEL_VALUES: ReadonlySet<string> = new Set(
  TRADE_METRICS.filter(
    (name) => !name.endsWith('_secondary') && name !== 'earnings_date' && !name.endsWith('_shape'),
  ),
);
/** The names of `TradeMetrics`' fields, read off the first trade metrics computed. */
let metricKeys: ReadonlySet<string> | null = null;

/**
 * One trade's values as a row reads them: kernel metrics, the per-leg lists of `legMetrics`, and the
 * whole `tradeMetrics` only when a column needs something else (expected value and probabilities
 * cost most of a time spread's 0.8 ms, and the default columns need neither).
 */
interface TradeValues {
  readonly kernel: (name: string) => number;
  readonly legs: () => LegMetrics;
  readonly all: () => TradeMetrics;
}
const DATE_NAMES = new Set(['earnings_date', 'divnqxdt', 'ipo_date']);
const METRIC_NAMES: Readonly<Record<string, keyof TradeMetrics>> = { breakeven: 'breakevens' };
const SECONDARY = new Set(['bid_secondary', 'ask_secondary', 'mid_secondary']);

/** Datapoint names the columns need (an indexed key brings its whole list). */
export function datapointsOf(columnKeys: readonly string[]): string[] {
  const names = new Set<string>();
  for (const key of columnKeys) {
    const c = columnForKey(key);
    if (c) names.add(c.column.name);
  }
  return [...names];
}

export class RowBuilder {
  readonly #result: ScanResult;
  readonly #view: MarketView;
  readonly #rows: RowCache;
  readonly #kernel: TradeKernel;
  readonly #names: readonly string[];
  readonly #shifts: readonly ScenarioShift[];
  readonly #scenarioIndex: readonly number[];

  constructor(result: ScanResult, columnKeys: readonly string[]) {
    this.#result = result;
    this.#view = result.capture.view;
    this.#rows = new RowCache(this.#view);
    this.#kernel = new TradeKernel(this.#view, this.#rows);
    this.#names = datapointsOf(columnKeys);
    const indexes = [...result.plan.scenarios.keys()].sort((a, b) => a - b);
    this.#scenarioIndex = indexes;
    this.#shifts = indexes.map((i) => result.plan.scenarios.get(i)!);
  }

  group(g: ResultGroup): GroupRow {
    const [best, ...rest] = g.trades;
    return {
      ...this.trade(g, best!),
      similarCount: g.exact ? g.count - 1 : null,
      similar: rest.map((t) => this.trade(g, t)),
    };
  }

  trade(g: ResultGroup, t: ResultTrade): TradeRow {
    const view = this.#view;
    const plan = this.#result.plan;
    const s = plan.structure;
    const u = g.u;
    const state = view.underlyingState(u);
    const c = view.cols.underlyings;
    this.#rows.reset(u, c.optionStart[u]!, c.optionEnd[u]!, state.price, state.dividendYield);
    const input = tradeInput(view, u, s, t.rows, plan.level);
    const values = this.#valuesOf(g, t, input);
    const legs = tradeLegs(view, u, s, t.rows);
    const o = view.cols.options;
    const rowLegs = legs.map((leg, i): RowLeg => {
      const q = input.legs[i]!;
      const sl = s.legs[i]!;
      if (leg.contract.kind === 'stock' || sl.kind === 'stock')
        return {
          contract: formatContractId(leg.contract),
          kind: 'stock',
          right: null,
          expiration: null,
          strike: null,
          quantity: leg.quantity,
          bid: q.bid,
          ask: q.ask,
          iv: null,
          delta: 1,
          open_interest: null,
        };
      const row = t.rows[sl.option]!;
      return {
        contract: formatContractId(leg.contract),
        kind: 'option',
        right: leg.contract.right,
        expiration: leg.contract.expiration,
        strike: leg.contract.strike,
        quantity: leg.quantity,
        bid: q.bid,
        ask: q.ask,
        iv: q.iv,
        delta: this.#rows.legDelta(row),
        open_interest: o.openInterest[row]!,
      };
    });
    const row: Record<string, RowValue> = {};
    for (const name of this.#names) row[name] = this.#value(name, g, t, values);
    return {
      id: rowLegs.map((l) => `${l.contract}×${l.quantity}`).join(' '),
      underlying: g.symbol,
      strategy: s.strategy,
      legs: rowLegs,
      values: row,
    };
  }

  /** The trade's values, each kind computed on first use (the row cache is already set). */
  #valuesOf(g: ResultGroup, t: ResultTrade, input: TradeInput): TradeValues {
    let kernelSet = false;
    let legs: LegMetrics | undefined;
    let all: TradeMetrics | undefined;
    return {
      kernel: (name) => {
        if (!kernelSet) this.#setKernel(g.u, t);
        kernelSet = true;
        return this.#kernel.metric(METRIC[name as TradeMetricName]);
      },
      legs: () => {
        if (legs) return legs;
        const pos = buildPosition(input);
        legs = legMetrics(
          pos,
          pos.legs.map((leg) => legGreeks(pos, leg)),
          input.underlying,
        );
        return legs;
      },
      all: () => {
        all ??= tradeMetrics(input, this.#shifts);
        metricKeys ??= new Set(Object.keys(all));
        return all;
      },
    };
  }

  #value(name: string, g: ResultGroup, t: ResultTrade, values: TradeValues): RowValue {
    const view = this.#view;
    const u = g.u;
    if (KERNEL_VALUES.has(name)) return finite(values.kernel(name));
    // The trade metrics' `underlying`, the symbol.
    if (name === 'underlying') return g.symbol;
    const key = METRIC_NAMES[name] ?? name;
    // The trade metrics' other fields: the legs' lists, or the whole metrics (whose field names
    // are known once one trade's are computed).
    const legs = values.legs();
    const inLegs = key in legs;
    if (metricKeys === null) values.all();
    if (inLegs || (key !== 'scenarios' && metricKeys!.has(key))) {
      const v: unknown = Reflect.get(inLegs ? legs : values.all(), key);
      if (Array.isArray(v))
        return v.map((x: number | string | null) => (typeof x === 'number' ? finite(x) : x));
      return typeof v === 'number' ? finite(v) : (v as RowValue);
    }
    if ((SCENARIO_METRICS as readonly string[]).includes(name)) {
      const m = values.all();
      const max = this.#scenarioIndex.at(-1) ?? 0;
      const out: (number | null)[] = Array.from({ length: max }, () => null);
      this.#scenarioIndex.forEach((index, i) => {
        out[index - 1] = (m.scenarios[i]![name as 'shift_pl'] as number | null) ?? null;
      });
      return out;
    }
    if (SECONDARY.has(name)) return finite(this.#secondary(u, t, name));
    const legGetter = LEG_NUMBERS[name];
    if (legGetter) {
      const ctx = { view, rows: this.#rows, state: view.underlyingState(u) };
      const s = this.#result.plan.structure;
      return s.options.map((_, i) => {
        const x = legGetter(ctx, t.rows[i]!);
        if (name === 'expiration_type') return x === 0 ? 'standard' : 'weekly';
        return finite(x);
      });
    }
    if (name === 'name') return this.#result.names[g.index] ?? '';
    const text = UNDERLYING_TEXTS[name];
    if (text) return text(view, u);
    if (name === 'stock_score') {
      const c = view.cols.underlyings;
      const f = c.scoreFundamental[u]!;
      return Number.isFinite(f)
        ? { fundamental: f, growth: c.scoreGrowth[u]!, technical: c.scoreTechnical[u]! }
        : null;
    }
    const indicator = this.#result.indicators.get(name);
    if (indicator) return finite(indicator[g.index]!);
    const num = UNDERLYING_NUMBERS[name];
    if (!num) return null;
    const x = num(view, u);
    if (DATE_NAMES.has(name)) return Number.isFinite(x) ? isoDateOfEpochDay(x) : null;
    if (name === 'weekly_options') return x !== 0;
    return finite(x);
  }

  /** The options' net quote without the stock leg (the kernel's arithmetic). */
  #secondary(u: number, t: ResultTrade, name: string): number {
    this.#setKernel(u, t);
    return this.#kernel.metric(METRIC[name as 'bid_secondary']);
  }

  /** The kernel holds trade `t` of underlying `u`. */
  #setKernel(u: number, t: ResultTrade): void {
    const view = this.#view;
    const plan = this.#result.plan;
    const s = plan.structure;
    const k = this.#kernel;
    k.setUnderlying(u, view.underlyingState(u));
    k.begin(s.strategy, plan.level);
    for (const leg of s.legs) {
      if (leg.kind === 'stock') k.addStock(leg.quantity);
      else k.addOption(t.rows[leg.option]!, s.options[leg.option]!.quantity);
    }
    k.finish();
  }
}
