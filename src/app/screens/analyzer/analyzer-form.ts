/**
 * The analyzer's form (spec 3 §2, §4, §5, §9) as pure functions: the defaults a ticker brings,
 * the reset and keep rules of a target or unit change, the validation messages, and the inputs a
 * run is asked with (in the address, so a reload or a shared link runs the same analysis).
 *
 * Levels are kept twice: as dollars (rounded to cents, what a run sends) and as the text the user
 * sees in the chosen unit. Typing sets both; changing the unit rewrites the text from the dollars,
 * so the price is kept whatever the unit.
 */
import type { UnderlyingFacts } from '#api/market.ts';
import type { AnalyzerFill, AnalyzerSearch } from '#app/route-params.ts';
import { type AnalyzerBehavior, RANGE_BEHAVIORS, type RangeBehavior } from '#domain/scenario/behaviors.ts';
import {
  availableUnits,
  DEFAULT_RANGE_BOUNDS,
  fromPrice,
  levelFromDistance,
  type PriceUnit,
  toCentsPrice,
  toPrice,
  type UnitData,
} from '#domain/scenario/price-units.ts';

/** Within Range and Outside Range: views on a band, with a lower and an upper price. */
export const isRangeBehavior = (b: AnalyzerBehavior): b is RangeBehavior =>
  RANGE_BEHAVIORS.some((r) => r === b);

export const BEHAVIOR_LABELS: Readonly<Record<AnalyzerBehavior, string>> = {
  abovePrice: 'Above Price',
  belowPrice: 'Below Price',
  insideRange: 'Within Range',
  outsideRange: 'Outside Range',
};

/** Bid/Ask Level choices (spec 3 §9) and the level each sends. */
export const FILL_LEVELS: Readonly<Record<AnalyzerFill, { label: string; level: 0 | 0.5 | -0.5 }>> = {
  mid: { label: 'Mid', level: 0 },
  conservative: { label: 'Conservative', level: 0.5 },
  best: { label: 'Best case', level: -0.5 },
};

export type LevelKey = 'value' | 'from' | 'to';

export interface AnalyzerDraft {
  readonly date: string | null;
  readonly behavior: AnalyzerBehavior;
  readonly unit: PriceUnit;
  /** Dollars, cents; null when the text is not a number. */
  readonly prices: Readonly<Record<LevelKey, number | null>>;
  /** As typed, in `unit`. */
  readonly texts: Readonly<Record<LevelKey, string>>;
  /** Percent texts. */
  readonly volatility: string;
  readonly drift: string;
  readonly fill: AnalyzerFill;
  readonly unbalanced: boolean;
  /** Dollars, or blank for no limit. */
  readonly maxRisk: string;
}

const num = (values: UnderlyingFacts['values'], key: string): number | null => {
  const v = values[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** What the units measure from, from the underlying's facts; null without a last price. */
export function unitDataOf(facts: UnderlyingFacts | undefined, days: number | null): UnitData | null {
  if (!facts) return null;
  const v = facts.values;
  const last = num(v, 'stock_last');
  if (last === null || last <= 0) return null;
  return {
    last,
    atr: num(v, 'atr_dollar'),
    std21: num(v, 'std21'),
    days,
    targetPrice: num(v, 'target_price'),
    // The facts carry distances from these levels: `ma` is the 200-day average's.
    sma200: levelFromDistance(last, num(v, 'ma')),
    high52w: levelFromDistance(last, num(v, 'week_52_high')),
    low52w: levelFromDistance(last, num(v, 'week_52_low')),
  };
}

/** A number as the form shows it: at most 2 decimals, no trailing zeros. */
export const fieldText = (x: number): string => String(Math.round(x * 100) / 100);

const textOf = (unit: PriceUnit, price: number | null, data: UnitData): string => {
  if (price === null) return '';
  const value = fromPrice(unit, price, data);
  return value === null ? '' : fieldText(value);
};

const textsOf = (
  unit: PriceUnit,
  prices: AnalyzerDraft['prices'],
  data: UnitData,
): AnalyzerDraft['texts'] => ({
  value: textOf(unit, prices.value, data),
  from: textOf(unit, prices.from, data),
  to: textOf(unit, prices.to, data),
});

const defaultRange = (last: number) => ({
  from: toCentsPrice(last * DEFAULT_RANGE_BOUNDS[0]),
  to: toCentsPrice(last * DEFAULT_RANGE_BOUNDS[1]),
});

/**
 * What choosing a ticker brings (spec 3 §4): the level at the last price (a range at 90%–110% of
 * it), volatility at the stock's realised volatility, drift at the risk-free rate, unbalanced off.
 */
export function defaultDraft(
  data: UnitData,
  realizedVol: number | null,
  riskFreeRate: number,
): AnalyzerDraft {
  const prices = { value: toCentsPrice(data.last), ...defaultRange(data.last) };
  return {
    date: null,
    behavior: 'abovePrice',
    unit: 'abs',
    prices,
    texts: textsOf('abs', prices, data),
    volatility: realizedVol === null ? '' : fieldText(realizedVol * 100),
    drift: fieldText(riskFreeRate * 100),
    fill: 'mid',
    unbalanced: false,
    maxRisk: '',
  };
}

/** The defaults with what the address says (a reload or a shared link). */
export function draftOfSearch(
  defaults: AnalyzerDraft,
  search: AnalyzerSearch,
  data: UnitData,
): AnalyzerDraft {
  const prices = {
    value: search.value ?? defaults.prices.value,
    from: search.from ?? defaults.prices.from,
    to: search.to ?? defaults.prices.to,
  };
  const withDate = { ...defaults, date: search.date ?? null };
  const unit =
    search.unit && availableUnits(dataAt(data, withDate)).includes(search.unit) ? search.unit : 'abs';
  return {
    ...withDate,
    behavior: search.target ?? defaults.behavior,
    unit,
    prices,
    texts: textsOf(unit, prices, data),
    volatility: search.vol === undefined ? defaults.volatility : fieldText(search.vol),
    drift: search.drift === undefined ? defaults.drift : fieldText(search.drift),
    fill: search.fill ?? defaults.fill,
    unbalanced: search.unbalanced ?? defaults.unbalanced,
    maxRisk: search.maxRisk === undefined ? '' : fieldText(search.maxRisk),
  };
}

/** The unit data with the days to the draft's date (the std-dev unit needs them). */
function dataAt(data: UnitData, draft: Pick<AnalyzerDraft, 'date'>): UnitData {
  return draft.date === null ? { ...data, days: null } : data;
}

/**
 * A new Price Target (spec 3 §4): within the same group (above/below, or the two ranges) the
 * values are kept; across groups the new group starts from its defaults (a range at 90% and 110%
 * of the last price, a level at the last price).
 */
export function chooseBehavior(
  draft: AnalyzerDraft,
  behavior: AnalyzerBehavior,
  data: UnitData,
): AnalyzerDraft {
  if (isRangeBehavior(behavior) === isRangeBehavior(draft.behavior)) return { ...draft, behavior };
  const prices = isRangeBehavior(behavior)
    ? { ...draft.prices, ...defaultRange(data.last) }
    : { ...draft.prices, value: toCentsPrice(data.last) };
  const unbalanced = isRangeBehavior(behavior) ? draft.unbalanced : false;
  return { ...draft, behavior, prices, texts: textsOf(draft.unit, prices, data), unbalanced };
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;
const parseNumber = (text: string): number | null => (NUMBER.test(text.trim()) ? Number(text.trim()) : null);
const decimalsOf = (text: string): number => text.trim().split('.')[1]?.length ?? 0;

/** A level typed in the draft's unit. */
export function typeLevel(draft: AnalyzerDraft, key: LevelKey, text: string, data: UnitData): AnalyzerDraft {
  const value = parseNumber(text);
  const price = value === null ? null : toPrice(draft.unit, value, dataAt(data, draft));
  return {
    ...draft,
    texts: { ...draft.texts, [key]: text },
    prices: { ...draft.prices, [key]: price === null ? null : toCentsPrice(price) },
  };
}

/** Levels set in dollars (the implied-move buttons). */
export function setLevels(
  draft: AnalyzerDraft,
  levels: Partial<Record<LevelKey, number>>,
  data: UnitData,
): AnalyzerDraft {
  const prices = { ...draft.prices };
  for (const [key, price] of Object.entries(levels) as [LevelKey, number][])
    prices[key] = toCentsPrice(price);
  return { ...draft, prices, texts: textsOf(draft.unit, prices, dataAt(data, draft)) };
}

/** A new unit: the dollars stay, the texts say them in the unit (spec 3 §4). */
export function chooseUnit(draft: AnalyzerDraft, unit: PriceUnit, data: UnitData): AnalyzerDraft {
  return { ...draft, unit, texts: textsOf(unit, draft.prices, dataAt(data, draft)) };
}

/** A new date: std devs are measured to it, so their texts change; the dollars stay. */
export function chooseDate(draft: AnalyzerDraft, date: string, data: UnitData): AnalyzerDraft {
  const next = { ...draft, date };
  return { ...next, texts: textsOf(draft.unit, draft.prices, dataAt(data, next)) };
}

/** The units the form offers now (std devs once a date is chosen). */
export const unitsFor = (draft: AnalyzerDraft, data: UnitData): PriceUnit[] =>
  availableUnits(dataAt(data, draft));

export type DraftField = LevelKey | 'volatility' | 'drift' | 'maxRisk';
export type DraftErrors = Partial<Record<DraftField, string>>;

function levelError(draft: AnalyzerDraft, key: LevelKey): string | undefined {
  const text = draft.texts[key].trim();
  if (text === '') return 'Enter a price level.';
  if (parseNumber(text) === null) return 'Must be a number.';
  if (draft.unit === 'abs' && decimalsOf(text) > 2) return 'Use at most 2 decimals.';
  const price = draft.prices[key];
  if (price === null || price < 0.01) return 'The price must be at least $0.01.';
  return undefined;
}

function percentError(text: string, min: number, max: number, name: string): string | undefined {
  if (text.trim() === '') return `Enter the ${name}.`;
  const value = parseNumber(text);
  if (value === null) return 'Must be a number.';
  if (decimalsOf(text) > 2) return 'Use at most 2 decimals.';
  if (value < min) return `The ${name} must be at least ${min}%.`;
  if (value > max) return `The ${name} must be at most ${max}%.`;
  return undefined;
}

/** The form's messages by field (spec 3 §5); empty when the draft can run. */
export function validateDraft(draft: AnalyzerDraft): DraftErrors {
  const errors: DraftErrors = {};
  const keys: LevelKey[] = isRangeBehavior(draft.behavior) ? ['from', 'to'] : ['value'];
  for (const key of keys) {
    const error = levelError(draft, key);
    if (error) errors[key] = error;
  }
  const { from, to } = draft.prices;
  if (keys.length === 2 && !errors.from && !errors.to && from !== null && to !== null && from >= to)
    errors.to = 'The upper price must be above the lower price.';
  const volatility = percentError(draft.volatility, 0.01, 500, 'volatility');
  if (volatility) errors.volatility = volatility;
  const drift = percentError(draft.drift, -100, 100, 'drift');
  if (drift) errors.drift = drift;
  if (draft.maxRisk.trim() !== '') {
    const risk = parseNumber(draft.maxRisk);
    if (risk === null || risk <= 0) errors.maxRisk = 'Max risk must be a positive dollar amount.';
  }
  return errors;
}

/** The address of a run of the draft (its inputs), keeping the view and slider of `current`. */
export function searchOfDraft(draft: AnalyzerDraft, current: AnalyzerSearch): AnalyzerSearch {
  const range = isRangeBehavior(draft.behavior);
  const maxRisk = parseNumber(draft.maxRisk);
  return {
    view: current.view,
    slot: current.slot,
    date: draft.date ?? undefined,
    target: draft.behavior,
    value: range ? undefined : (draft.prices.value ?? undefined),
    from: range ? (draft.prices.from ?? undefined) : undefined,
    to: range ? (draft.prices.to ?? undefined) : undefined,
    unit: draft.unit === 'abs' ? undefined : draft.unit,
    vol: parseNumber(draft.volatility) ?? undefined,
    drift: parseNumber(draft.drift) ?? undefined,
    fill: draft.fill === 'mid' ? undefined : draft.fill,
    unbalanced: range && draft.unbalanced ? true : undefined,
    maxRisk: maxRisk !== null && maxRisk > 0 ? maxRisk : undefined,
  };
}
