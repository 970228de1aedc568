/**
 * A registered trade's live values: its legs quoted from the current frame, the domain's
 * `tradeMetrics` at the registration's bid/ask level and scenarios, and the live datapoints
 * (`LIVE_TRADE_FIELDS`) in a scan row's names and units. The inputs are the scan engine's (stock
 * legs at the underlying's bid and ask, options at their bid, ask and IV, the underlying state of
 * `MarketView`), so a pushed value continues the row the scan produced.
 */
import {
  DIRECTION_FIELDS,
  LIVE_TRADE_FIELDS,
  type LiveLeg,
  type LiveScenario,
  type LiveTradeSpec,
  type LiveValue,
} from '#api/hub.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { parseContractId } from '#domain/contracts/contract-id.ts';
import { SCENARIO_METRICS } from '#domain/metrics/metric-groups.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { LegQuote, ScenarioShift, TradeMetrics } from '#domain/metrics/types.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import type { MarketView } from '#engine/market-view.ts';
import { tradeSmiles } from '#engine/trade-input.ts';
import type { LiveMarket } from './live-market.ts';

export interface ResolvedLeg {
  readonly id: string;
  readonly contract: Contract;
  readonly quantity: number;
  /** Option row in the snapshot; −1 for stock. */
  readonly row: number;
}

/** A trade placed in the snapshot: all its legs on one underlying, every option listed. */
export interface ResolvedTrade {
  readonly strategy: StrategyKey;
  readonly u: number;
  readonly legs: readonly ResolvedLeg[];
}

export interface TradeState {
  readonly values: Readonly<Record<string, LiveValue>>;
  readonly legs: readonly LiveLeg[];
}

const SCENARIO_FIELDS: ReadonlySet<string> = new Set(SCENARIO_METRICS);

/** The trade in the snapshot, or undefined when a leg is not listed or the legs span underlyings. */
export function resolveTrade(market: LiveMarket, spec: LiveTradeSpec): ResolvedTrade | undefined {
  const legs: ResolvedLeg[] = [];
  let u = -1;
  for (const leg of spec.legs) {
    let contract: Contract;
    try {
      contract = parseContractId(leg.contract);
    } catch {
      return undefined;
    }
    const rows = market.rows(contract, leg.contract);
    if (!rows || (u >= 0 && rows.u !== u)) return undefined;
    u = rows.u;
    legs.push({ id: leg.contract, contract, quantity: leg.quantity, row: rows.row });
  }
  return { strategy: spec.strategy, u, legs };
}

/** The datapoints a registration receives: the live ones it shows, and always the direction fields. */
export function liveFieldsOf(fields: readonly string[] | null | undefined): readonly string[] {
  if (!fields) return LIVE_TRADE_FIELDS;
  const wanted = new Set<string>([...DIRECTION_FIELDS, ...fields]);
  return LIVE_TRADE_FIELDS.filter((f) => wanted.has(f));
}

/**
 * Pushed numbers are kept to 1e-5 (and −0 as 0, as JSON has it; non-finite as null). That is ten
 * times finer than anything a table shows (0.01% of a fraction, $0.01 of a contract's dollars,
 * four decimals of a greek) and keeps quotes in whole cents exact, but it stops the pushes of
 * changes no one can see, such as the sixth decimal of a probability as the volatility surface
 * breathes.
 */
export const quantize = (x: number): number | null =>
  Number.isFinite(x) ? Math.round(x * 1e5) / 1e5 + 0 : null;

function listOf(values: readonly (number | string | null)[] | null): LiveValue {
  if (values === null) return null;
  return values.map((x) => (typeof x === 'number' ? quantize(x) : null));
}

/**
 * The live values of `trade` in `view`, or undefined when the metrics cannot be computed (a quote
 * the domain refuses). `scenarios` keep their positions: a null entry gives null in every list.
 */
export function tradeState(
  view: MarketView,
  trade: ResolvedTrade,
  bidAskLevel: number,
  scenarios: readonly LiveScenario[],
  fields: readonly string[],
): TradeState | undefined {
  const o = view.cols.options;
  const c = view.cols.underlyings;
  const u = trade.u;
  const quotes: LegQuote[] = trade.legs.map((leg) =>
    leg.row < 0
      ? { contract: leg.contract, quantity: leg.quantity, bid: c.bid[u]!, ask: c.ask[u]!, iv: 0 }
      : {
          contract: leg.contract,
          quantity: leg.quantity,
          bid: o.bid[leg.row]!,
          ask: o.ask[leg.row]!,
          iv: o.iv[leg.row]!,
        },
  );
  const shifts = scenarios.filter((s): s is ScenarioShift => s !== null);
  let m: TradeMetrics;
  try {
    m = tradeMetrics(
      {
        strategy: trade.strategy,
        legs: quotes,
        underlying: view.underlyingState(u),
        env: { asOfMs: view.asOfMs, riskFreeRate: view.rate },
        bidAskLevel,
        smiles: tradeSmiles(
          view,
          u,
          trade.legs.map((l) => l.row),
        ),
      },
      shifts,
    );
  } catch {
    return undefined;
  }
  const optionRows = trade.legs.filter((l) => l.row >= 0).map((l) => l.row);
  const perOption = (f: (row: number) => number): LiveValue => optionRows.map((r) => quantize(f(r)));
  const values: Record<string, LiveValue> = {};
  for (const name of fields) {
    switch (name) {
      case 'stock_last':
        values[name] = quantize(c.last[u]!);
        break;
      case 'stock_change':
        values[name] = quantize(c.changePercent[u]!);
        break;
      case 'leg_bid':
        values[name] = perOption((r) => o.bid[r]!);
        break;
      case 'leg_ask':
        values[name] = perOption((r) => o.ask[r]!);
        break;
      case 'leg_iv':
        values[name] = perOption((r) => o.iv[r]!);
        break;
      case 'leg_bid_ask_spread_pc':
        values[name] = perOption((r) => {
          const mid = (o.bid[r]! + o.ask[r]!) / 2;
          return mid > 0 ? (o.ask[r]! - o.bid[r]!) / mid : Number.NaN;
        });
        break;
      case 'breakeven':
        values[name] = listOf(m.breakevens);
        break;
      default: {
        if (SCENARIO_FIELDS.has(name)) {
          let k = 0;
          values[name] = scenarios.map((s) => {
            if (s === null) return null;
            const x = m.scenarios[k++]?.[name as 'shift_pl'];
            return typeof x === 'number' ? quantize(x) : null;
          });
          break;
        }
        // Any other field of the metrics, by its datapoint name (the same names as the columns).
        const v: unknown = Reflect.get(m, name);
        values[name] = Array.isArray(v) ? listOf(v) : typeof v === 'number' ? quantize(v) : null;
      }
    }
  }
  let option = 0;
  const legs = trade.legs.map((leg, i): LiveLeg => {
    const q = quotes[i]!;
    const delta = leg.row < 0 ? 1 : quantize(m.leg_delta[option++] ?? Number.NaN);
    return {
      contract: leg.id,
      quantity: leg.quantity,
      bid: quantize(q.bid) ?? 0,
      ask: quantize(q.ask) ?? 0,
      iv: leg.row < 0 ? null : quantize(q.iv),
      delta,
    };
  });
  return { values, legs };
}

function sameValue(a: LiveValue | undefined, b: LiveValue | undefined): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameLegs(a: readonly LiveLeg[], b: readonly LiveLeg[]): boolean {
  return a.every((x, i) => {
    const y = b[i];
    return y !== undefined && x.bid === y.bid && x.ask === y.ask && x.iv === y.iv && x.delta === y.delta;
  });
}

/**
 * The market inputs of a trade's values: the underlying's last price and ATM IV, and each leg's
 * bid, ask and IV. While they stay the same the values would only drift with time, so the trade is
 * not recalculated (nor pushed) until one of them moves.
 */
export function marketInputs(view: MarketView, trade: ResolvedTrade): Float64Array {
  const o = view.cols.options;
  const c = view.cols.underlyings;
  const inputs = new Float64Array(2 + 3 * trade.legs.length);
  inputs[0] = c.last[trade.u]!;
  inputs[1] = c.iv[trade.u]!;
  trade.legs.forEach((leg, i) => {
    if (leg.row < 0) return;
    inputs[2 + 3 * i] = o.bid[leg.row]!;
    inputs[3 + 3 * i] = o.ask[leg.row]!;
    inputs[4 + 3 * i] = o.iv[leg.row]!;
  });
  return inputs;
}

export function sameInputs(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** What changed from `before` to `after`: the changed values, and the legs when a leg's quote moved. */
export function stateChange(
  before: TradeState,
  after: TradeState,
): { values: Record<string, LiveValue>; legs: readonly LiveLeg[] | null } | null {
  const values: Record<string, LiveValue> = {};
  let changed = false;
  for (const name in after.values) {
    const value = after.values[name];
    if (value === undefined || sameValue(before.values[name], value)) continue;
    values[name] = value;
    changed = true;
  }
  const legs = sameLegs(before.legs, after.legs) ? null : after.legs;
  return changed || legs ? { values, legs } : null;
}
