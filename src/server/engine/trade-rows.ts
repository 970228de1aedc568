/**
 * Trade rows (spec 2 §3.7) of a scan result: the legs (contract ids as `formatContractId` writes
 * them, bid, ask, iv, delta, open interest) and the datapoints of the chosen columns, computed by
 * the domain's `tradeMetrics` on the market the scan captured. Values are in stored units (the
 * app and the CSV export format them with `formatColumnValue`); lists are per leg, breakeven or
 * scenario; dates are `YYYY-MM-DD`; missing values are null.
 */
import { columnForKey } from '../../domain/columns/column-catalogue.ts';
import { formatContractId } from '../../domain/contracts/contract-id.ts';
import { isoDateOfEpochDay } from '../../domain/filters/date-range.ts';
import { tradeMetrics } from '../../domain/metrics/trade-metrics.ts';
import type { ScenarioShift, TradeMetrics } from '../../domain/metrics/types.ts';
import { LEG_NUMBERS } from './leg-fields.ts';
import type { MarketView } from './market-view.ts';
import { RowCache } from './row-cache.ts';
import type { ResultGroup, ResultTrade, ScanResult } from './scan-run.ts';
import { tradeInput, tradeLegs } from './trade-input.ts';
import { TradeKernel } from './trade-kernel.ts';
import { METRIC, SCENARIO_METRICS } from './trade-metric.ts';
import { UNDERLYING_NUMBERS, UNDERLYING_TEXTS } from './underlying-fields.ts';

export type RowValue =
  | number
  | string
  | boolean
  | null
  | readonly (number | string | null)[]
  | Record<string, number>;

export interface RowLeg {
  /** `formatContractId`: `AAPL260320C150`, or the symbol for stock. */
  readonly contract: string;
  readonly kind: 'stock' | 'option';
  readonly right: 'CALL' | 'PUT' | null;
  readonly expiration: string | null;
  readonly strike: number | null;
  /** Signed: contracts for options, shares for stock. */
  readonly quantity: number;
  readonly bid: number;
  readonly ask: number;
  readonly iv: number | null;
  readonly delta: number;
  readonly open_interest: number | null;
}

export interface TradeRow {
  /** The trade's legs as one id: contract ids and quantities. */
  readonly id: string;
  readonly underlying: string;
  readonly strategy: string;
  readonly legs: readonly RowLeg[];
  /** Datapoint name → value, for the chosen columns. */
  readonly values: Readonly<Record<string, RowValue>>;
}

export interface GroupRow extends TradeRow {
  /**
   * Passing trades of this ticker besides this one; null when not counted (the ticker has at least
   * as many as `similar` shows plus one: narrow the scan to the ticker to see and count them all).
   */
  readonly similarCount: number | null;
  /** The next best trades of the ticker (up to 9), best first. */
  readonly similar: readonly TradeRow[];
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
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
    this.#rows.reset(c.optionStart[u]!, c.optionEnd[u]!, state.price, state.dividendYield, state.iv);
    const input = tradeInput(view, u, s, t.rows, plan.level);
    const m = tradeMetrics(input, this.#shifts);
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
    const values: Record<string, RowValue> = {};
    for (const name of this.#names) values[name] = this.#value(name, g, t, m);
    return {
      id: rowLegs.map((l) => `${l.contract}×${l.quantity}`).join(' '),
      underlying: g.symbol,
      strategy: s.strategy,
      legs: rowLegs,
      values,
    };
  }

  #value(name: string, g: ResultGroup, t: ResultTrade, m: TradeMetrics): RowValue {
    const view = this.#view;
    const u = g.u;
    const metrics = m as unknown as Record<string, unknown>;
    const key = METRIC_NAMES[name] ?? name;
    if (key !== 'scenarios' && key in metrics) {
      const v = metrics[key];
      if (Array.isArray(v))
        return v.map((x: number | string | null) => (typeof x === 'number' ? finite(x) : x));
      return typeof v === 'number' ? finite(v) : (v as RowValue);
    }
    if ((SCENARIO_METRICS as readonly string[]).includes(name)) {
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
    if (name === 'name') return this.#result.names[u] ?? '';
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
    if (indicator) return finite(indicator[u]!);
    const num = UNDERLYING_NUMBERS[name];
    if (!num) return null;
    const x = num(view, u);
    if (DATE_NAMES.has(name)) return Number.isFinite(x) ? isoDateOfEpochDay(x) : null;
    if (name === 'weekly_options') return x !== 0;
    return finite(x);
  }

  /** The options' net quote without the stock leg (the kernel's arithmetic). */
  #secondary(u: number, t: ResultTrade, name: string): number {
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
    return k.metric(METRIC[name as 'bid_secondary']);
  }
}
