import { epochDayOf } from './date-range.ts';
import type { FilterDefinition } from './filter-definition.ts';
import { resolveFilterKey } from './filter-key.ts';
import {
  type BollingerValue,
  type DateRangeValue,
  FilterKind,
  type FilterValue,
  type IndicatorValue,
  MaType,
  type NumericRange,
  ShiftUnit,
} from './filter-value.ts';
import { FilterValueError } from './filter-value-error.ts';
import { isSectorCode } from './sectors.ts';
import { parseSymbolList } from './symbol-list.ts';

/** Indicator percent thresholds (RSI, stochastic, MA distance and percentile): 0–100, 2 decimals (spec 2 §5). */
const INDICATOR_PERCENT: NumericRange = { min: 0, max: 100 };
const INDICATOR_DECIMALS = 2;
const OPEN: NumericRange = { min: null, max: null };
/** Scenario shift decimals per unit: fractions to 0.01%, dollars to the cent, ATRs and SDs to 0.01. */
const SHIFT_DECIMALS: Readonly<Record<ShiftUnit, number>> = {
  pct: 4,
  abs: 2,
  atr: 2,
  std: 2,
  target_price: 4,
  sma_200: 4,
  w52_high: 4,
  w52_low: 4,
};
const KNOWN_KINDS: ReadonlySet<string> = new Set(Object.values(FilterKind));

type Raw = Readonly<Record<string, unknown>>;

/** Reads one filter value; every failure names the filter and the field. */
class Reader {
  readonly key: string;
  readonly raw: Raw;

  constructor(key: string, raw: Raw) {
    this.key = key;
    this.raw = raw;
  }

  fail(message: string): never {
    throw new FilterValueError(this.key, message);
  }

  number(field: string, decimals: number, bounds: NumericRange = OPEN): number {
    const v = this.raw[field];
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(`${field} must be a finite number`);
    const rounded = roundTo(v, decimals);
    if ((bounds.min !== null && rounded < bounds.min) || (bounds.max !== null && rounded > bounds.max)) {
      this.fail(`${field} ${rounded} is outside ${bounds.min ?? '−∞'}…${bounds.max ?? '∞'}`);
    }
    return rounded;
  }

  optionalNumber(field: string, decimals: number, bounds: NumericRange = OPEN): number | null {
    const v = this.raw[field];
    return v === null || v === undefined ? null : this.number(field, decimals, bounds);
  }

  integer(field: string, min: number): number {
    const v = this.raw[field];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
      this.fail(`${field} must be a whole number ≥ ${min}`);
    return v;
  }

  oneOf<T extends string>(field: string, allowed: readonly T[]): T {
    const v = this.raw[field];
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
      this.fail(`${field} must be one of ${allowed.join(', ')}`);
    }
    return v as T;
  }

  array(field: string): readonly unknown[] {
    const v = this.raw[field];
    if (!Array.isArray(v)) this.fail(`${field} must be a list`);
    return v;
  }

  /** min/max with null open, min ≤ max. */
  range(decimals: number, bounds: NumericRange, min = 'min', max = 'max'): NumericRange {
    const lo = this.optionalNumber(min, decimals, bounds);
    const hi = this.optionalNumber(max, decimals, bounds);
    if (lo !== null && hi !== null && lo > hi) this.fail(`${min} ${lo} is above ${max} ${hi}`);
    return { min: lo, max: hi };
  }
}

const roundTo = (x: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

const parseItems = (r: Reader, def: FilterDefinition): readonly (string | number)[] => {
  let items: readonly (string | number)[];
  if (def.itemKind === 'symbol') {
    const v = r.raw.values;
    if (typeof v !== 'string' && !(Array.isArray(v) && v.every((s) => typeof s === 'string'))) {
      r.fail('values must be a symbol list (text or a list of text)');
    }
    items = parseSymbolList(v) ?? [];
  } else {
    const v = r.array('values');
    if (!v.every((x) => typeof x === 'number' && Number.isInteger(x) && x > 0))
      r.fail('values must be positive ids');
    items = unique(v as number[]);
  }
  if (def.maxItems !== null && items.length > def.maxItems) r.fail(`at most ${def.maxItems} allowed`);
  return items;
};

const parseDateRange = (r: Reader): DateRangeValue => {
  const mode = r.oneOf('mode', ['relative', 'frozen']);
  if (mode === 'relative') {
    const read = (field: string): number | null => {
      const v = r.raw[field];
      if (v === null || v === undefined) return null;
      if (typeof v !== 'number' || !Number.isInteger(v)) r.fail(`${field} must be whole days from today`);
      return v;
    };
    const from = read('from');
    const to = read('to');
    if (from !== null && to !== null && from > to) r.fail('from is after to');
    return { type: 'date_range', mode, from, to };
  }
  const read = (field: string): string | null => {
    const v = r.raw[field];
    if (v === null || v === undefined) return null;
    if (typeof v !== 'string' || Number.isNaN(epochDayOf(v))) r.fail(`${field} must be a date YYYY-MM-DD`);
    return v;
  };
  const from = read('from');
  const to = read('to');
  if (from !== null && to !== null && from > to) r.fail('from is after to');
  return { type: 'date_range', mode, from, to };
};

const parseIndicator = (r: Reader, kind: IndicatorValue['type']): IndicatorValue => {
  const pct = (field: string) => r.optionalNumber(field, INDICATOR_DECIMALS, INDICATOR_PERCENT);
  const ordered = (from: number | null, to: number | null) => {
    if (from !== null && to !== null && from > to) r.fail(`from ${from} is above to ${to}`);
  };
  const maTypes = Object.values(MaType);
  switch (kind) {
    case 'rsi': {
      const behavior = r.oneOf('behavior', ['above', 'below', 'between']);
      const from = behavior === 'below' ? null : pct('from');
      const to = behavior === 'above' ? null : pct('to');
      if (behavior !== 'below' && from === null) r.fail(`from is needed for ${behavior}`);
      if (behavior !== 'above' && to === null) r.fail(`to is needed for ${behavior}`);
      ordered(from, to);
      return { type: kind, length: r.integer('length', 1), behavior, from, to };
    }
    case 'ma': {
      const from = pct('from');
      const to = pct('to');
      ordered(from, to);
      return {
        type: kind,
        maType: r.oneOf('maType', maTypes),
        length: r.integer('length', 1),
        behavior: r.oneOf('behavior', ['price_above', 'price_below']),
        from,
        to,
      };
    }
    case 'ma_percentile': {
      const from = pct('from');
      const to = pct('to');
      ordered(from, to);
      return {
        type: kind,
        maType: r.oneOf('maType', maTypes),
        length: r.integer('length', 1),
        lookback: r.integer('lookback', 1),
        from,
        to,
      };
    }
    case 'ma_crossover': {
      const fast = r.integer('fast', 1);
      const slow = r.integer('slow', 1);
      if (fast >= slow) r.fail('fast must be shorter than slow');
      return {
        type: kind,
        maType: r.oneOf('maType', maTypes),
        fast,
        slow,
        behavior: r.oneOf('behavior', ['fast_above', 'fast_below', 'golden_cross', 'death_cross']),
        withinDays: r.integer('withinDays', 0),
      };
    }
    case 'macd': {
      const fast = r.integer('fast', 1);
      const slow = r.integer('slow', 1);
      if (fast >= slow) r.fail('fast must be shorter than slow');
      return {
        type: kind,
        fast,
        slow,
        signal: r.integer('signal', 1),
        behavior: r.oneOf('behavior', [
          'bullish_cross',
          'bearish_cross',
          'histogram_positive',
          'histogram_negative',
        ]),
        withinDays: r.integer('withinDays', 0),
      };
    }
    case 'stochastic':
      return {
        type: kind,
        kLength: r.integer('kLength', 1),
        kSmoothing: r.integer('kSmoothing', 1),
        dLength: r.integer('dLength', 1),
        behavior: r.oneOf('behavior', ['overbought', 'oversold']),
        level: r.number('level', INDICATOR_DECIMALS, INDICATOR_PERCENT),
      };
    case 'bollinger': {
      const behavior: BollingerValue['behavior'] = r.oneOf('behavior', [
        'above_upper',
        'below_lower',
        'inside',
        'between',
      ]);
      // %B bounds are raw numbers (spec 2 §5): no 0–100 limit.
      const { min: from, max: to } =
        behavior === 'between' ? r.range(INDICATOR_DECIMALS, OPEN, 'from', 'to') : { min: null, max: null };
      if (behavior === 'between' && from === null && to === null) r.fail('between needs from or to');
      return {
        type: kind,
        length: r.integer('length', 1),
        stdDevs: r.number('stdDevs', 2, { min: 0.01, max: null }),
        behavior,
        from,
        to,
      };
    }
  }
};

const parseByKind = (r: Reader, def: FilterDefinition): FilterValue => {
  const { decimals, bounds } = def;
  switch (def.kind) {
    case 'equals': {
      const v = r.raw.value;
      if (typeof v !== 'string' && typeof v !== 'number') r.fail('value must be text or a number');
      if (def.choices.length > 0 && !def.choices.some((c) => c.value === v))
        r.fail(`value ${v} is not a choice`);
      return { type: 'equals', value: v };
    }
    case 'any_of':
      return { type: 'any_of', values: parseItems(r, def) };
    case 'none_of':
      return { type: 'none_of', values: parseItems(r, def) };
    case 'range':
      return { type: 'range', ...r.range(decimals, bounds) };
    case 'probability':
      return { type: 'probability', ...r.range(decimals, bounds) };
    case 'boolean': {
      if (typeof r.raw.value !== 'boolean') r.fail('value must be true or false');
      return { type: 'boolean', value: r.raw.value };
    }
    case 'range_or_closest':
    case 'leg_delta': {
      const mode = r.oneOf('mode', ['range', 'closest']);
      if (mode === 'closest') return { type: def.kind, mode, target: r.number('target', decimals, bounds) };
      return { type: def.kind, mode, ...r.range(decimals, bounds) };
    }
    case 'date_range':
      return parseDateRange(r);
    case 'choice_map': {
      const codes = def.choices.flatMap((c) => (typeof c.value === 'string' ? [c.value] : []));
      const values = r.array('values');
      if (!values.every((v): v is string => typeof v === 'string' && codes.includes(v))) {
        r.fail(`values must be among ${codes.join(', ')}`);
      }
      const hasAny = def.choices.some((c) => c.value === null);
      if (values.length === 0 && !hasAny) r.fail('choose at least one');
      return { type: 'choice_map', values: unique(values) };
    }
    case 'sector': {
      const values = r.array('values');
      if (!values.every((v): v is number => typeof v === 'number' && isSectorCode(v)))
        r.fail('unknown sector code');
      return { type: 'sector', values: unique(values) };
    }
    case 'scenario': {
      const unit = r.oneOf('unit', Object.values(ShiftUnit));
      return {
        type: 'scenario',
        shift: r.number('shift', SHIFT_DECIMALS[unit]),
        unit,
        ...r.range(decimals, bounds),
      };
    }
    default:
      return parseIndicator(r, def.kind);
  }
};

/**
 * Validates and normalises a raw filter value (numbers rounded to the filter's decimals, symbol lists
 * cleaned, duplicates dropped). `name` is a filter name or an indexed key (`leg_delta_2`). Throws
 * FilterValueError for an unknown filter, an unknown value type, or a malformed value.
 */
export const parseFilterValue = (name: string, raw: unknown): FilterValue => {
  const resolved = resolveFilterKey(name);
  if (resolved === undefined) throw new FilterValueError(name, 'unknown filter');
  return parseWithDefinition(name, resolved.definition, raw);
};

export const parseWithDefinition = (key: string, def: FilterDefinition, raw: unknown): FilterValue => {
  if (!isRecord(raw)) throw new FilterValueError(key, 'value must be an object with a type');
  const type = raw.type;
  if (typeof type !== 'string' || !KNOWN_KINDS.has(type)) {
    throw new FilterValueError(key, `unknown value type ${JSON.stringify(type)}`);
  }
  if (type !== def.kind) throw new FilterValueError(key, `expects a ${def.kind} value, got ${type}`);
  return parseByKind(new Reader(key, raw), def);
};
