/**
 * A scan compiled for the pipeline (docs/ENGINE.md "Pipeline"): the structure to enumerate, the
 * bid/ask level, and every filter placed at the earliest stage whose data it needs:
 *
 * - underlying: stock data (evaluated on the main thread, before sharding);
 * - expiration: per-leg filters that depend on the expiration only (days, date, cycle);
 * - leg: the other per-leg filters, on every option leg, and leg-numbered ones on their leg;
 * - trade: combination metrics, cheapest first; scenario filters last.
 *
 * "Closest" filters keep, per group, the candidates nearest their target: the expiration per
 * underlying (days to expiration), the strike per expiration (moneyness), the option per
 * expiration for a leg (leg delta), the trades per underlying (spread width).
 */
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import { ColumnScope } from '#domain/columns/column-definition.ts';
import { parseColumnKey } from '#domain/columns/column-key.ts';
import { type CompiledFilter, compileFilters } from '#domain/filters/compile-filters.ts';
import { resolveDateRange } from '#domain/filters/date-range.ts';
import type { FilterValue, NumericRange } from '#domain/filters/filter-value.ts';
import { FilterValueError } from '#domain/filters/filter-value-error.ts';
import { isBidAskLevel } from '#domain/metrics/bid-ask.ts';
import { PROBABILITY_METRICS } from '#domain/metrics/metric-groups.ts';
import type { ScenarioShift } from '#domain/metrics/types.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { isLegNumber, LEG_NUMBERS, type LegGetter } from './leg-fields.ts';
import { ScanInputError, type ScanSpec, type SortEntry } from './scan-spec.ts';
import { type Structure, structureOf } from './structure.ts';
import {
  BREAKEVEN_METRICS,
  type BreakevenMetricName,
  EARNINGS_RELATIONS,
  isTradeMetric,
  METRIC,
  SCENARIO_METRICS,
  type ScenarioMetricName,
  SHAPES,
} from './trade-metric.ts';
import { UNDERLYING_NUMBERS, UNDERLYING_TEXTS } from './underlying-fields.ts';

/** A numeric test on one value; NaN fails every bounded test. */
export type NumberTest = (x: number) => boolean;

export interface LegTest {
  readonly key: string;
  readonly name: string;
  /** The per-option value the test reads (leg-fields.ts). */
  readonly get: LegGetter;
  readonly test: NumberTest;
}

export type TradeTest =
  | {
      readonly key: string;
      readonly cost: number;
      readonly kind: 'metric';
      readonly id: number;
      readonly test: NumberTest;
    }
  | {
      readonly key: string;
      readonly cost: number;
      readonly kind: 'breakeven';
      readonly name: BreakevenMetricName;
      readonly index: number;
      readonly test: NumberTest;
    }
  | {
      readonly key: string;
      readonly cost: number;
      readonly kind: 'scenario';
      readonly name: ScenarioMetricName;
      readonly shift: ScenarioShift;
      readonly test: NumberTest;
    };

export type SortKey =
  | { readonly key: string; readonly desc: boolean; readonly kind: 'underlying'; readonly name: string }
  | { readonly key: string; readonly desc: boolean; readonly kind: 'trade'; readonly id: number }
  | {
      readonly key: string;
      readonly desc: boolean;
      readonly kind: 'breakeven';
      readonly name: BreakevenMetricName;
      readonly index: number;
    }
  | {
      readonly key: string;
      readonly desc: boolean;
      readonly kind: 'scenario';
      readonly name: ScenarioMetricName;
      readonly shift: ScenarioShift | null;
    }
  | {
      readonly key: string;
      readonly desc: boolean;
      readonly kind: 'leg';
      readonly name: string;
      readonly index: number;
    };

export interface ScanPlan {
  readonly spec: ScanSpec;
  readonly structure: Structure;
  readonly level: number;
  readonly asOfMs: number;
  /** Underlying-stage filters (main thread). */
  readonly underlying: readonly CompiledFilter[];
  /** Expiration-level tests on days to expiration, expiration day, and the cycle code (0 monthly). */
  readonly expiration: readonly LegTest[];
  /** Per-leg tests for every option leg. */
  readonly everyLeg: readonly LegTest[];
  /** Tests of one option leg (by 0-based option leg index). */
  readonly byLeg: readonly (readonly LegTest[])[];
  readonly closestDays: number | null;
  readonly closestMoneyness: number | null;
  /**
   * The bounds of a moneyness range filter on every leg ((K − S) / S, rising with the strike): the
   * strikes that can pass are one run of each chain, found by search before the per-option tests.
   */
  readonly moneynessRange: NumericRange | null;
  /** Per option leg: target delta of a closest leg-delta filter, or null. */
  readonly closestDelta: readonly (number | null)[];
  /** Trade tests, cheapest first. */
  readonly trade: readonly TradeTest[];
  readonly closestWidth: number | null;
  /** Upper bound of a spread width range filter, applied in the loop bounds. */
  readonly widthMax: number | null;
  /** Upper bounds of the max loss and max loss percent filters (branch and bound on max loss). */
  readonly lossMax: number | null;
  readonly lossPercentMax: number | null;
  readonly sort: readonly SortKey[];
  /** Scenario shifts by scenario number (from the scenario filters), for scenario columns. */
  readonly scenarios: ReadonlyMap<number, ScenarioShift>;
  /** A filter no trade of this structure can pass (a leg-numbered filter past the last leg). */
  readonly impossible: boolean;
}

const rangeTest = (r: NumericRange): NumberTest => {
  const { min, max } = r;
  if (min === null && max === null) return () => true;
  if (min === null) return (x) => x <= max!;
  if (max === null) return (x) => x >= min;
  return (x) => x >= min && x <= max;
};

// Cost rank of trade metrics: what must be computed before the test can run.
const COST_CHEAP = 1;
const COST_ANALYSIS = 2;
const COST_PROBABILITY = 3;
const COST_MARGIN = 4;
const COST_VALUATION = 5;
const COST_SCENARIO = 6;

const ANALYSIS_METRICS = new Set([
  'max_profit',
  'max_loss',
  'max_loss_percent',
  'spread_profit_ratio',
  'profit_range_percent',
  'loss_range_percent',
  'iron_condor_shape',
  'butterfly_shape',
  'diagonal_spread_shape',
  'return_acquisition',
  'return_acquisition_annualized',
  'covered_call_return_acquisition',
  'covered_call_return_acquisition_annualized',
]);
const PROBABILITY_METRIC_SET: ReadonlySet<string> = new Set(PROBABILITY_METRICS);
const MARGIN_METRICS = new Set(['margin', 'max_return_margin', 'max_return_margin_annualized']);
const VALUATION_METRICS = new Set(['move_ratio_1pct', 'move_ratio_1atr']);

function metricCost(name: string): number {
  if (ANALYSIS_METRICS.has(name)) return COST_ANALYSIS;
  if (PROBABILITY_METRIC_SET.has(name)) return COST_PROBABILITY;
  if (MARGIN_METRICS.has(name)) return COST_MARGIN;
  if (VALUATION_METRICS.has(name)) return COST_VALUATION;
  return COST_CHEAP;
}

const EXPIRATION_LEVEL = new Set(['days_to_expiration', 'expiration_date', 'expiration_type']);

function codeTest(values: readonly string[], codes: readonly string[]): NumberTest {
  if (values.length === 0) return () => true;
  const allowed = new Set(values.map((v) => codes.indexOf(v)).filter((i) => i >= 0));
  return (x) => allowed.has(x);
}

/** The test of a leg- or trade-stage value (non-closest forms). */
function valueTest(f: CompiledFilter, asOfMs: number): NumberTest {
  const v = f.value as FilterValue;
  switch (v.type) {
    case 'range':
    case 'probability':
    case 'scenario':
      return rangeTest(v);
    case 'range_or_closest':
    case 'leg_delta':
      if (v.mode === 'range') return rangeTest(v);
      throw new Error('closest filters are planned separately');
    case 'date_range':
      return rangeTest(resolveDateRange(v, asOfMs));
    case 'choice_map':
      return f.definition.name === 'expiration_type'
        ? codeTest(
            v.values.filter((c) => c !== 'any'),
            ['standard', 'weekly'],
          )
        : codeTest(
            v.values.filter((c) => c !== 'any'),
            SHAPES,
          );
    case 'equals':
      if (f.definition.name === 'earnings_date') {
        const code = EARNINGS_RELATIONS.indexOf(v.value as (typeof EARNINGS_RELATIONS)[number]);
        return (x) => x === code;
      }
      throw new FilterValueError(f.key, `cannot be evaluated on a ${f.definition.stage}`);
    default:
      throw new FilterValueError(f.key, `cannot be evaluated on a ${f.definition.stage}`);
  }
}

const closestTarget = (f: CompiledFilter): number | null => {
  const v = f.value as FilterValue;
  return (v.type === 'range_or_closest' || v.type === 'leg_delta') && v.mode === 'closest' ? v.target : null;
};

function scenarioShift(f: CompiledFilter): ScenarioShift {
  const v = f.value as FilterValue;
  if (v.type !== 'scenario') throw new FilterValueError(f.key, 'is not a scenario');
  return { amount: v.shift, unit: v.unit };
}

/**
 * Compiles a scan. Throws FilterValueError for a malformed filter, ScanInputError for a bad sort
 * key or bid/ask level, DomainError INVALID_STRATEGY_LEGS for legs that fit no structure.
 */
export function planScan(spec: ScanSpec, asOfMs: number, warn: (msg: string) => void): ScanPlan {
  const def = STRATEGIES[spec.strategy];
  const structure = structureOf(spec.strategy, { ratio: spec.ratio ?? null, customLegs: spec.legs ?? null });
  const level = spec.bidAskLevel ?? def.calculationSettings.bid_ask_level;
  if (!isBidAskLevel(level))
    throw new ScanInputError('calculationSettings.bid_ask_level', 'Unknown bid/ask level.');
  const compiled = compileFilters(spec.filters, warn);
  const legCount = structure.options.length;

  const expiration: LegTest[] = [];
  const everyLeg: LegTest[] = [];
  const byLeg: LegTest[][] = structure.options.map(() => []);
  const closestDelta: (number | null)[] = structure.options.map(() => null);
  let closestDays: number | null = null;
  let closestMoneyness: number | null = null;
  let moneynessRange: NumericRange | null = null;
  let closestWidth: number | null = null;
  let impossible = false;
  let widthMax: number | null = null;
  let lossMax: number | null = null;
  let lossPercentMax: number | null = null;
  const trade: TradeTest[] = [];
  const scenarios = new Map<number, ScenarioShift>();
  const underlying: CompiledFilter[] = [];

  for (const f of compiled.filters) {
    const name = f.definition.name;
    switch (f.definition.stage) {
      case 'underlying':
        if (name === 'universe') {
          warn(`Filter ${f.key} skipped: universes are resolved before the scan`);
          break;
        }
        underlying.push(f);
        break;
      case 'leg': {
        const target = closestTarget(f);
        if (f.index !== null) {
          // Leg-numbered filter: applies to that leg only; a leg the strategy lacks fails the scan.
          const leg = f.index - 1;
          if (leg >= legCount) {
            // The trade has no such leg: its value is missing, which fails a bounded range.
            if (target !== null || !valueTest(f, asOfMs)(Number.NaN)) impossible = true;
            break;
          }
          if (target !== null) closestDelta[leg] = target;
          else byLeg[leg]!.push({ key: f.key, name, get: LEG_NUMBERS[name]!, test: valueTest(f, asOfMs) });
          break;
        }
        if (target !== null) {
          if (name === 'days_to_expiration') closestDays = target;
          else closestMoneyness = target;
          break;
        }
        if (name === 'moneyness') moneynessRange = f.value as NumericRange;
        (EXPIRATION_LEVEL.has(name) ? expiration : everyLeg).push({
          key: f.key,
          name,
          get: LEG_NUMBERS[name]!,
          test: valueTest(f, asOfMs),
        });
        break;
      }
      case 'trade': {
        if (f.index !== null) {
          trade.push({
            key: f.key,
            cost: COST_ANALYSIS,
            kind: 'breakeven',
            name: name as BreakevenMetricName,
            index: f.index,
            test: valueTest(f, asOfMs),
          });
          break;
        }
        const target = closestTarget(f);
        if (target !== null) {
          closestWidth = target;
          break;
        }
        if (!isTradeMetric(name)) throw new FilterValueError(f.key, 'is not a trade metric');
        const max = (f.value as { max?: number | null }).max;
        if (typeof max === 'number') {
          if (name === 'spread_width') widthMax = max;
          if (name === 'max_loss') lossMax = max;
          if (name === 'max_loss_percent') lossPercentMax = max;
        }
        // An unlimited loss (calls and shares net short) is null, which fails a bounded range.
        if ((name === 'max_loss' || name === 'max_loss_percent') && netShortUpside(structure)) {
          const r = f.value as NumericRange;
          if (r.min !== null || r.max !== null) impossible = true;
        }
        trade.push({
          key: f.key,
          cost: metricCost(name),
          kind: 'metric',
          id: METRIC[name],
          test: valueTest(f, asOfMs),
        });
        break;
      }
      case 'scenario': {
        const shift = scenarioShift(f);
        if (f.index !== null && !scenarios.has(f.index)) scenarios.set(f.index, shift);
        trade.push({
          key: f.key,
          cost: COST_SCENARIO,
          kind: 'scenario',
          name: name as ScenarioMetricName,
          shift,
          test: valueTest(f, asOfMs),
        });
        break;
      }
    }
  }
  trade.sort((a, b) => a.cost - b.cost);
  const sorting = spec.sorting && spec.sorting.length > 0 ? spec.sorting : def.defaultSorting;
  return {
    spec,
    structure,
    level,
    asOfMs,
    underlying,
    expiration,
    everyLeg,
    byLeg,
    closestDays,
    closestMoneyness,
    moneynessRange,
    closestDelta,
    trade,
    closestWidth,
    widthMax,
    lossMax,
    lossPercentMax,
    sort: planSorting(sorting, scenarios),
    scenarios,
    impossible,
  };
}

/** Calls and shares net short: the P/L falls without bound as the price rises. */
export function netShortUpside(structure: Structure): boolean {
  let slope = 0;
  for (const leg of structure.legs) {
    if (leg.kind === 'stock') slope += leg.quantity / 100;
    else if (structure.options[leg.option]!.isCall) slope += structure.options[leg.option]!.quantity;
  }
  return slope < 0;
}

const BREAKEVEN_SET: ReadonlySet<string> = new Set(BREAKEVEN_METRICS);
const SCENARIO_SET: ReadonlySet<string> = new Set(SCENARIO_METRICS);
const INDICATOR_COLUMNS = new Set([
  'rsi',
  'ma',
  'ma_percentile',
  'ma_crossover',
  'macd',
  'stochastic',
  'bollinger',
]);

/** What kind of value a screener column is, for sorting and rows; null when not sortable here. */
export function sortKeyOf(
  key: string,
  desc: boolean,
  scenarios: ReadonlyMap<number, ScenarioShift>,
): SortKey | null {
  const resolved = columnForKey(key);
  if (!resolved?.column.sortable || !resolved.column.scopes.includes(ColumnScope.Screener)) return null;
  const { name } = resolved.column;
  const index = parseColumnKey(key).index;
  if (BREAKEVEN_SET.has(name))
    return { key, desc, kind: 'breakeven', name: name as BreakevenMetricName, index: index ?? 1 };
  if (SCENARIO_SET.has(name))
    return {
      key,
      desc,
      kind: 'scenario',
      name: name as ScenarioMetricName,
      shift: scenarios.get(index ?? 1) ?? null,
    };
  if (isLegNumber(name) && resolved.column.index === 'leg')
    return { key, desc, kind: 'leg', name, index: index ?? 1 };
  if (isTradeMetric(name)) return { key, desc, kind: 'trade', id: METRIC[name] };
  if (
    name in UNDERLYING_NUMBERS ||
    name in UNDERLYING_TEXTS ||
    name === 'name' ||
    INDICATOR_COLUMNS.has(name)
  )
    return { key, desc, kind: 'underlying', name };
  return null;
}

function planSorting(
  sorting: readonly SortEntry[],
  scenarios: ReadonlyMap<number, ScenarioShift>,
): SortKey[] {
  if (sorting.length > 2) throw new ScanInputError('sorting', 'At most two sort columns.');
  return sorting.map(([key, direction], i) => {
    if (direction !== 'asc' && direction !== 'desc')
      throw new ScanInputError(`sorting.${i}`, `Sort direction of ${key} must be asc or desc.`);
    const k = sortKeyOf(key, direction === 'desc', scenarios);
    if (!k) throw new ScanInputError(`sorting.${i}`, `Column ${key} cannot be sorted.`);
    return k;
  });
}
