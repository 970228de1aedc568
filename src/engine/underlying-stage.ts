/**
 * The first stage of a scan, on the main thread: which underlyings pass the underlying filters
 * (stock data, symbol lists, dates, technical indicators over daily bars), and their values for
 * the underlying-level sort keys and row columns. The survivors are what the shards scan.
 */
import type { CompiledFilter } from '#domain/filters/compile-filters.ts';
import { resolveDateRange } from '#domain/filters/date-range.ts';
import { matchesAnyOf, matchesNoneOf, matchesRange } from '#domain/filters/filter-match.ts';
import type { FilterValue, IndicatorValue } from '#domain/filters/filter-value.ts';
import { indicatorColumnValue, matchesIndicator } from '#domain/filters/indicators/indicator-filter.ts';
import type { PriceSeries } from '#domain/filters/indicators/price-series.ts';
import type { MarketView } from './market-view.ts';
import type { ScanPlan } from './scan-plan.ts';
import { UNDERLYING_NUMBERS, UNDERLYING_TEXTS } from './underlying-fields.ts';

/** What the engine may know about an underlying beyond the snapshot (the provider's data). */
export interface UnderlyingExtras {
  /** Company or fund name. */
  name(symbol: string): string;
  /** Daily bars up to the previous session, oldest first; undefined when unknown. */
  series(symbol: string): PriceSeries | undefined;
}

export const NO_EXTRAS: UnderlyingExtras = { name: () => '', series: () => undefined };

const INDICATOR_TYPES = new Set([
  'rsi',
  'ma',
  'ma_percentile',
  'ma_crossover',
  'macd',
  'stochastic',
  'bollinger',
]);

function passes(
  f: CompiledFilter,
  view: MarketView,
  u: number,
  extras: UnderlyingExtras,
  asOfMs: number,
): boolean {
  const v = f.value as FilterValue;
  const name = f.definition.name;
  const symbol = view.symbols[u]!;
  switch (v.type) {
    case 'any_of':
      return matchesAnyOf(symbol, v.values as readonly string[]);
    case 'none_of':
      return matchesNoneOf(symbol, v.values as readonly string[]);
    case 'sector':
      return v.values.length === 0 || v.values.includes(UNDERLYING_NUMBERS.sector_id!(view, u));
    case 'equals':
      return UNDERLYING_NUMBERS[name]!(view, u) === v.value;
    case 'boolean':
      return (UNDERLYING_NUMBERS[name]!(view, u) !== 0) === v.value;
    case 'date_range':
      return matchesRange(UNDERLYING_NUMBERS[name]!(view, u), resolveDateRange(v, asOfMs));
    case 'range':
    case 'probability':
      return matchesRange(UNDERLYING_NUMBERS[name]!(view, u), v);
    default: {
      if (!INDICATOR_TYPES.has(v.type)) return false;
      const series = extras.series(symbol);
      return series !== undefined && matchesIndicator(v as IndicatorValue, series);
    }
  }
}

/** Underlying rows that pass every underlying filter (and the narrowed ticker, if any). */
export function passingUnderlyings(view: MarketView, plan: ScanPlan, extras: UnderlyingExtras): number[] {
  const narrowed = plan.spec.narrowedToSymbol ?? null;
  const out: number[] = [];
  for (let u = 0; u < view.underlyingCount; u++) {
    if (narrowed !== null && view.symbols[u] !== narrowed) continue;
    if (!(view.cols.underlyings.last[u]! > 0)) continue;
    let ok = true;
    for (const f of plan.underlying) {
      if (!passes(f, view, u, extras, plan.asOfMs)) {
        ok = false;
        break;
      }
    }
    if (ok) out.push(u);
  }
  return out;
}

/**
 * A number or text of underlying `u` for column `name`: an indicator column shows the
 * parameters of the scan's indicator filter when there is one (else the feed's defaults).
 */
export function underlyingValue(
  view: MarketView,
  u: number,
  name: string,
  plan: ScanPlan,
  extras: UnderlyingExtras,
): number | string {
  const text = UNDERLYING_TEXTS[name];
  if (text) return text(view, u);
  if (name === 'name') return extras.name(view.symbols[u]!);
  if (INDICATOR_TYPES.has(name)) {
    const filter = plan.underlying.find((f) => f.definition.name === name);
    if (filter) {
      const series = extras.series(view.symbols[u]!);
      return series ? indicatorColumnValue(filter.value as IndicatorValue, series) : Number.NaN;
    }
  }
  return UNDERLYING_NUMBERS[name]?.(view, u) ?? Number.NaN;
}

/**
 * Per underlying row, a number that orders `name` the way the column sorts: the value itself, or
 * for text the rank of the text in code-unit order. NaN where missing or not scanned.
 */
export function underlyingSortValues(
  view: MarketView,
  underlyings: readonly number[],
  name: string,
  plan: ScanPlan,
  extras: UnderlyingExtras,
): Float64Array {
  const out = new Float64Array(view.underlyingCount).fill(Number.NaN);
  const values = underlyings.map((u) => underlyingValue(view, u, name, plan, extras));
  if (values.some((x) => typeof x === 'string')) {
    const texts = [...new Set(values.map(String))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const rank = new Map(texts.map((t, i) => [t, i]));
    underlyings.forEach((u, i) => {
      out[u] = rank.get(String(values[i]))!;
    });
  } else {
    underlyings.forEach((u, i) => {
      out[u] = values[i] as number;
    });
  }
  return out;
}

/** Per underlying row: rank of its symbol in code-unit order (the engine's tie-break). */
export function symbolRanks(symbols: readonly string[]): Int32Array {
  const order = symbols
    .map((s, u) => ({ s, u }))
    .sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : a.u - b.u));
  const out = new Int32Array(symbols.length);
  order.forEach((x, i) => {
    out[x.u] = i;
  });
  return out;
}
