/**
 * What the Analyze panel (spec 2 §2.4) shows of one scan result row: the legs table, the
 * Bid/Mid/Ask summary, fact grids, the trade's P/L profile, the price chart's window and the
 * order ticket of the Trade button. Pure: the panel and its charts only render these.
 */
import type { Bar, OptionChainRow, UnderlyingFacts } from '#api/market.ts';
import { rowContracts } from '#api/scan-row-legs.ts';
import type { ScanRowLeg, ScanRowValue, ScanTradeRow } from '#api/scans.ts';
import type { TradeExplainRequest } from '#api/trades.ts';
import { DataCategory } from '#domain/columns/categories.ts';
import { COLUMNS, columnForKey } from '#domain/columns/column-catalogue.ts';
import { formatColumnValue } from '#domain/columns/column-format.ts';
import { formatNumber, formatPercent, MISSING_VALUE } from '#domain/columns/number-format.ts';
import { type ExerciseStyle, exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { daysToExpiry } from '#domain/contracts/expiry.ts';
import { UnderlyingKind } from '#domain/filters/sectors.ts';
import { type PLProfile, plProfile } from '#domain/metrics/pl-profile.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import { encodeTicket } from '#domain/orders/ticket.ts';
import { isScreenerStrategyKey, isStrategyKey } from '#domain/strategies/strategy-key.ts';

export const ANALYZE_TABS = ['strategy', 'stock', 'options'] as const;
export type AnalyzeTab = (typeof ANALYZE_TABS)[number];
export const ANALYZE_TAB_LABELS: Readonly<Record<AnalyzeTab, string>> = {
  strategy: 'Strategy',
  stock: 'Stock',
  options: 'Options',
};
export const isAnalyzeTab = (value: unknown): value is AnalyzeTab =>
  typeof value === 'string' && (ANALYZE_TABS as readonly string[]).includes(value);

/** One line of the Strategy tab's legs table. */
export interface LegLine {
  readonly contract: string;
  readonly type: string;
  readonly side: 'BUY' | 'SELL';
  readonly quantity: number;
  readonly expiration: string;
  readonly strike: string;
  /** 'bid - ask' for a two-sided quote, else the one price there is (the last known). */
  readonly price: string;
  readonly delta: string;
  readonly iv: string;
  readonly openInterest: string;
}

const legType = (leg: ScanRowLeg): string =>
  leg.kind === 'stock' ? 'Stock' : leg.right === 'PUT' ? 'Put' : 'Call';

const legPrice = (leg: ScanRowLeg): string => {
  if (leg.bid > 0 && leg.ask > 0) return `${formatNumber(leg.bid, 2)} - ${formatNumber(leg.ask, 2)}`;
  const one = leg.ask > 0 ? leg.ask : leg.bid;
  return one > 0 ? formatNumber(one, 2) : MISSING_VALUE;
};

export const legLines = (row: ScanTradeRow): LegLine[] =>
  row.legs.map((leg) => ({
    contract: leg.contract,
    type: legType(leg),
    side: leg.quantity < 0 ? 'SELL' : 'BUY',
    quantity: Math.abs(leg.quantity),
    expiration: leg.expiration ?? MISSING_VALUE,
    strike: formatNumber(leg.strike, 2),
    price: legPrice(leg),
    delta: formatNumber(leg.delta, 2),
    iv: formatPercent(leg.iv, 1),
    openInterest: formatNumber(leg.open_interest, 0),
  }));

/** The class that colours a leg's side (buy green, sell red). */
export const sideClass = (side: LegLine['side']): string => (side === 'BUY' ? 'side-buy' : 'side-sell');

/** A leg in one line, as a phone's card heads it: 'SELL 1 Call 35.00 2026-12-11', 'BUY 100 Stock'. */
export const legSummary = (l: LegLine): string =>
  [l.side, l.quantity, l.type, l.strike, l.expiration].filter((part) => part !== MISSING_VALUE).join(' ');

/** A titled value of the row, as the results table formats it. */
export interface Fact {
  readonly key: string;
  readonly title: string;
  readonly text: string;
}

/** The keys' titles and values, skipping keys the catalogue lacks or the values do not carry. */
export const factsOf = (values: Readonly<Record<string, unknown>>, keys: readonly string[]): Fact[] =>
  keys.flatMap((key) => {
    const resolved = columnForKey(key);
    const value = values[key] as ScanRowValue | undefined;
    if (resolved === undefined || value === undefined || value === null) return [];
    const text = formatColumnValue(key, value);
    return text === '' ? [] : [{ key, title: resolved.column.title, text }];
  });

/** The Bid/Mid/Ask summary: the strategy's prices the scan computed. */
export const PRICE_KEYS = ['bid', 'mid', 'ask'] as const;

/** The Stock tab's fundamentals grid: every screener fundamental, in catalogue order. */
export const FUNDAMENTAL_KEYS: readonly string[] = [
  'name',
  'sector_id',
  'industry',
  'stock_last',
  ...COLUMNS.filter((c) => c.category === DataCategory.Fundamental && !c.deprecated).map((c) => c.name),
  'target_price',
  'earnings_date',
  'divnq',
];

/**
 * The Options tab's facts of the underlying: IV, its rank against HV, skew, the day's volume and
 * open interest over all its options, and the event dates. The trade's own bid/ask, open
 * interest and dates are in its legs table (`optionLegLines`).
 */
export const OPTION_FACT_KEYS: readonly string[] = [
  'stock_iv',
  'stock_iv_pr',
  'stock_rv',
  'stock_iv_rv',
  'stock_skew',
  'stock_skew_pr',
  'total_vol',
  'total_oi',
  'earnings_date',
  'divnqxdt',
  'divnq',
];

/**
 * The values the Stock and Options tabs show: the underlying's facts as the market has them now
 * over the row's (which hold only the scan's columns); the row's alone until the facts load.
 */
export const shownValues = (
  row: ScanTradeRow,
  facts: UnderlyingFacts | undefined,
): Readonly<Record<string, unknown>> => (facts ? { ...row.values, ...facts.values } : row.values);

/** An option leg of the Options tab: its legs-table line and its days to expiration. */
export interface OptionLegLine extends LegLine {
  readonly days: string;
}

export const optionLegLines = (row: ScanTradeRow, nowMs: number): OptionLegLine[] =>
  legLines(row).flatMap((line, i) => {
    const leg = row.legs[i];
    if (leg?.kind !== 'option' || leg.expiration === null) return [];
    return [
      {
        ...line,
        days: formatColumnValue('days_to_expiration', daysToExpiry(leg.expiration, nowMs)),
      },
    ];
  });

/** A leg's limit price for the order ticket: its mid, in cents. */
const limitPriceOf = (leg: ScanRowLeg): number => {
  const mid = leg.bid > 0 && leg.ask > 0 ? (leg.bid + leg.ask) / 2 : Math.max(leg.bid, leg.ask, 0);
  return Math.round(mid * 100) / 100;
};

/** The Trade button's path: a new order of one unit of the row's trade (spec 3 §2). */
export const tradePath = (row: ScanTradeRow, strategy: string): string =>
  `/order/open/${encodeTicket({
    strategy,
    legs: row.legs.map((leg) => ({
      contractId: leg.contract,
      quantity: leg.quantity,
      limitPrice: limitPriceOf(leg),
    })),
    size: 1,
  })}`;

/**
 * The rate the chart's 'Today' curve discounts with. The scan row does not carry the market's rate,
 * and at the weeks-long horizons of a scan its effect on the curve is far below a pixel.
 */
const CHART_RATE = 0.04;

const numberValue = (row: ScanTradeRow, key: string): number | null => {
  const v = row.values[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/**
 * "Show the math" of the row's trade (docs/METRICS.md): its legs at the market's quotes now,
 * filled at the scan's bid/ask level; null when the row is not an orderable trade.
 */
export function explainRequestOf(row: ScanTradeRow, bidAskLevel: number): TradeExplainRequest | null {
  const contracts = rowContracts(row);
  if (contracts === null || row.legs.length === 0 || !isScreenerStrategyKey(row.strategy)) return null;
  return {
    strategy: row.strategy,
    legs: row.legs.map((leg, i) => ({
      contract: contracts[i]!,
      quantity: leg.quantity,
      limitPrice: limitPriceOf(leg),
    })),
    fill: 'market',
    bidAskLevel,
  };
}

/**
 * The trade's P/L profile at expiration and today; null when the row cannot be priced (no last
 * price, an unknown strategy, or legs the metrics refuse).
 */
export function rowProfile(row: ScanTradeRow, nowMs: number): PLProfile | null {
  const price = numberValue(row, 'stock_last');
  if (price === null || price <= 0 || !isStrategyKey(row.strategy) || row.legs.length === 0) return null;
  const iv = numberValue(row, 'stock_iv') ?? 0.3;
  const contracts = rowContracts(row);
  if (contracts === null) return null;
  const legs = row.legs.map(
    (leg, i): LegQuote => ({
      contract: contracts[i]!,
      quantity: leg.quantity,
      bid: leg.bid,
      ask: leg.ask,
      iv: leg.kind === 'stock' ? 0 : (leg.iv ?? iv),
    }),
  );
  try {
    return plProfile(
      {
        strategy: row.strategy,
        legs,
        underlying: {
          symbol: row.underlying,
          price,
          iv,
          dividendYield: 0,
          exerciseStyle: rowExerciseStyle(row),
        },
        env: { asOfMs: nowMs, riskFreeRate: CHART_RATE },
        bidAskLevel: 0,
      },
      { datesMs: [nowMs] },
    );
  } catch {
    return null;
  }
}

/**
 * The exercise style of the row's options, as the market prices them (`exerciseStyleOf`): from the
 * row's underlying kind (`type_id`), American for a stock or ETF, European for an index. A row
 * without it (the scan does not show the Type column) is taken for a stock or ETF, the kind of
 * nearly every optionable name.
 */
const rowExerciseStyle = (row: ScanTradeRow): ExerciseStyle =>
  exerciseStyleOf(numberValue(row, 'type_id') ?? UnderlyingKind.Stock);

/** The price chart opens on the 90th bar through the last one, showing at least 30 bars. */
export const PRICE_WINDOW_START = 89;
export const PRICE_WINDOW_MIN_BARS = 30;

/** Index range [first, last] of the bars the price chart opens on; null for no bars. */
export function priceWindow(barCount: number): readonly [number, number] | null {
  if (barCount <= 0) return null;
  const last = barCount - 1;
  const first = Math.min(PRICE_WINDOW_START, Math.max(0, barCount - PRICE_WINDOW_MIN_BARS));
  return [first, last];
}

/** Usable bars: a null answer (no history) or an empty list is 'No Data'. */
export const hasBars = (bars: readonly Bar[] | null | undefined): bars is readonly Bar[] =>
  Array.isArray(bars) && bars.length > 0;

/** The options chart: implied volatility by strike, one curve per expiration of the trade. */
export interface SkewCurves {
  readonly strikes: readonly number[];
  readonly curves: readonly { readonly expiration: string; readonly iv: readonly (number | null)[] }[];
}

/**
 * IV by strike for the trade's expirations: at each strike the mean of the call's and the put's
 * IV (either alone when one is missing). Null when the chain has none of those expirations.
 */
export function skewCurves(
  chain: readonly OptionChainRow[],
  expirations: readonly string[],
): SkewCurves | null {
  const wanted = [...new Set(expirations)].sort();
  const byExpiration = new Map<string, Map<number, number[]>>();
  for (const row of chain) {
    const { expiration, strike } = row.option;
    if (!wanted.includes(expiration) || !(row.iv > 0)) continue;
    const strikes = byExpiration.get(expiration) ?? new Map<number, number[]>();
    strikes.set(strike, [...(strikes.get(strike) ?? []), row.iv]);
    byExpiration.set(expiration, strikes);
  }
  if (byExpiration.size === 0) return null;
  const strikes = [...new Set([...byExpiration.values()].flatMap((m) => [...m.keys()]))].sort(
    (a, b) => a - b,
  );
  const curves = wanted
    .filter((e) => byExpiration.has(e))
    .map((expiration) => {
      const ivs = byExpiration.get(expiration)!;
      return {
        expiration,
        iv: strikes.map((k) => {
          const list = ivs.get(k);
          return list ? list.reduce((a, b) => a + b, 0) / list.length : null;
        }),
      };
    });
  return { strikes, curves };
}

/** The option legs' expirations, in leg order without repeats. */
export const legExpirations = (row: ScanTradeRow): string[] => [
  ...new Set(row.legs.flatMap((l) => (l.kind === 'option' && l.expiration !== null ? [l.expiration] : []))),
];
