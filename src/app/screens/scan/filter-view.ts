/**
 * Filter values as the definition panel shows and edits them (spec 2 §3.9, §4.4): stored units
 * ↔ the units a trader types (percent ×100, per-contract dollars ×100), one-line summaries, the
 * preset a value matches, the active filters grouped by category, and validation of an edited
 * value by the filter catalogue (`parseFilterValue`, whose message is shown under the editor).
 */
import { DATA_CATEGORY_ORDER, type DataCategory } from '#domain/columns/categories.ts';
import type { FilterDefinition } from '#domain/filters/filter-definition.ts';
import type { FilterValue, NumericRange, ShiftUnit } from '#domain/filters/filter-value.ts';
import { FilterValueError } from '#domain/filters/filter-value-error.ts';
import { parseFilterValue } from '#domain/filters/parse-filter-value.ts';
import { sectorName } from '#domain/filters/sectors.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { resolvedFilter } from './scan-draft.ts';

const round = (x: number, decimals: number) => Number(x.toFixed(Math.max(0, decimals)));
/** Decimals of a shown number: the stored decimals less the ones the multiplier moved. */
const shownDecimals = (def: FilterDefinition) =>
  Math.max(0, def.decimals - Math.round(Math.log10(def.multiplier)));

export const toShown = (def: FilterDefinition, stored: number | null): number | null =>
  stored === null ? null : round(stored * def.multiplier, shownDecimals(def));

export const fromShown = (def: FilterDefinition, shown: number | null): number | null =>
  shown === null ? null : round(shown / def.multiplier, def.decimals);

/** Text of a number field: '' for null. */
export const numberText = (n: number | null): string => (n === null ? '' : String(n));
/**
 * A number field's value: null when blank (Any), NaN when the text is not a number, so the
 * editor refuses it instead of reading it as Any.
 */
export const parseNumber = (text: string): number | null => {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
};

export const NOT_A_NUMBER_MESSAGE = 'Enter a number, or leave the field blank for Any.';

/** How a scenario's move is measured, as a trader names it (spec 1 §3 price units). */
export const SHIFT_UNIT_LABELS: Readonly<Record<ShiftUnit, string>> = {
  pct: '% of price',
  abs: 'Dollars',
  atr: 'ATR',
  std: 'Std. dev. to expiration',
  target_price: '% vs. analyst target',
  sma_200: '% vs. SMA 200',
  w52_high: '% vs. 52-week high',
  w52_low: '% vs. 52-week low',
};

/** Units whose shift is a fraction, typed and shown as percent. */
export const isPercentShift = (unit: ShiftUnit): boolean =>
  unit !== 'abs' && unit !== 'atr' && unit !== 'std';

/** A scenario's move in words: '−5%', '$2', '1 ATR', '5% vs. SMA 200'. */
export function shiftText(shift: number, unit: ShiftUnit): string {
  if (unit === 'abs') return shift < 0 ? `−$${-shift}` : `$${shift}`;
  if (unit === 'atr') return `${shift} ATR`;
  if (unit === 'std') return `${shift} std. dev.`;
  const pct = `${round(shift * 100, 2)}%`;
  return unit === 'pct' ? pct : `${pct} vs. ${SHIFT_UNIT_LABELS[unit].replace('% vs. ', '')}`;
}

export function formatBound(def: FilterDefinition, stored: number): string {
  const shown = toShown(def, stored) ?? 0;
  const grouped = shown.toLocaleString('en-US', { maximumFractionDigits: 4 });
  if (def.unit === 'percent') return `${grouped}%`;
  if (def.unit === 'money') return shown < 0 ? `−$${grouped.slice(1)}` : `$${grouped}`;
  if (def.unit === 'days') return `${grouped} days`;
  return grouped;
}

export function formatRange(def: FilterDefinition, { min, max }: NumericRange): string {
  if (min !== null && max !== null)
    return min === max ? formatBound(def, min) : `${formatBound(def, min)} – ${formatBound(def, max)}`;
  if (min !== null) return `≥ ${formatBound(def, min)}`;
  if (max !== null) return `≤ ${formatBound(def, max)}`;
  return 'Any';
}

/** The preset whose band equals the range, if any. */
export function matchingPreset(def: FilterDefinition, { min, max }: NumericRange): string | null {
  return def.presets.find((p) => p.range[0] === min && p.range[1] === max)?.label ?? null;
}

const choiceLabel = (def: FilterDefinition, code: string | number): string =>
  def.choices.find((c) => c.value === code)?.label ?? String(code);

const relativeDay = (d: number | null): string =>
  d === null ? '…' : d === 0 ? 'today' : d > 0 ? `in ${d} days` : `${-d} days ago`;

/**
 * A one-line summary of a filter's value, as the active filters list shows it; `itemName` names
 * the ids of an id list (the universe's name).
 */
export function filterSummary(
  def: FilterDefinition,
  value: FilterValue,
  itemName?: (id: number) => string | undefined,
): string {
  switch (value.type) {
    case 'range':
    case 'probability':
      return matchingPreset(def, value) ?? formatRange(def, value);
    case 'range_or_closest':
    case 'leg_delta':
      return value.mode === 'closest'
        ? `Closest to ${formatBound(def, value.target)}`
        : (matchingPreset(def, value) ?? formatRange(def, value));
    case 'equals':
      return choiceLabel(def, value.value);
    case 'boolean':
      return value.value ? 'Yes' : 'No';
    case 'any_of':
    case 'none_of':
      return value.values.length === 0
        ? 'None chosen'
        : value.values.map((v) => (typeof v === 'number' ? (itemName?.(v) ?? `#${v}`) : v)).join(', ');
    case 'choice_map':
      return value.values.length === 0 ? 'Any' : value.values.map((v) => choiceLabel(def, v)).join(', ');
    case 'sector':
      return value.values.length === 0
        ? 'Any'
        : value.values.map((v) => sectorName(v) ?? String(v)).join(', ');
    case 'date_range':
      return value.mode === 'relative'
        ? `${relativeDay(value.from)} to ${relativeDay(value.to)}`
        : `${value.from ?? '…'} to ${value.to ?? '…'}`;
    case 'scenario':
      return `Move ${shiftText(value.shift, value.unit)}: ${formatRange(def, value)}`;
    default:
      return indicatorSummary(value);
  }
}

function indicatorSummary(value: FilterValue): string {
  const words = (s: string) => s.replace(/_/g, ' ');
  switch (value.type) {
    case 'rsi':
      return `RSI(${value.length}) ${words(value.behavior)} ${[value.from, value.to].filter((v) => v !== null).join('–')}`;
    case 'ma':
      return `Price ${words(value.behavior).replace('price ', '')} ${value.maType.toUpperCase()}(${value.length})`;
    case 'ma_percentile':
      return `${value.maType.toUpperCase()}(${value.length}) percentile ${value.from ?? 0}–${value.to ?? 100}`;
    case 'ma_crossover':
      return `${value.maType.toUpperCase()} ${value.fast}/${value.slow} ${words(value.behavior)}`;
    case 'macd':
      return `MACD(${value.fast}, ${value.slow}, ${value.signal}) ${words(value.behavior)}`;
    case 'stochastic':
      return `Stochastic(${value.kLength}, ${value.kSmoothing}, ${value.dLength}) ${value.behavior} ${value.level}`;
    case 'bollinger':
      return `Bollinger(${value.length}, ${value.stdDevs}) ${words(value.behavior)}`;
    default:
      return '';
  }
}

/** The name of an indexed filter's index: the leg's or breakeven's label, or 'Scenario n'. */
export function indexLabel(
  def: FilterDefinition,
  index: number | null,
  strategy: ScreenerStrategyKey,
): string | null {
  if (index === null || def.index === null) return null;
  const s = STRATEGIES[strategy];
  if (def.index === 'breakeven') return s.breakevenLabels[index - 1] ?? `Breakeven ${index}`;
  if (def.index === 'scenario') return `Scenario ${index}`;
  const legs = s.legs.filter((l) => l.kind === 'option');
  return legs[index - 1]?.label ?? `Leg ${index}`;
}

export interface ActiveFilter {
  readonly key: string;
  readonly def: FilterDefinition;
  readonly index: number | null;
  readonly value: FilterValue;
}

/** The active filters (scenarios apart) grouped by category in the catalogue's order. */
export function groupedFilters(
  filters: Readonly<Record<string, FilterValue>>,
): { category: DataCategory; filters: ActiveFilter[] }[] {
  const active: ActiveFilter[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const r = resolvedFilter(key);
    if (r && r.def.kind !== 'scenario') active.push({ key, def: r.def, index: r.index, value });
  }
  return DATA_CATEGORY_ORDER.map((category) => ({
    category,
    filters: active.filter((f) => f.def.group === category),
  })).filter((g) => g.filters.length > 0);
}

const FIELD_NAMES: Readonly<Record<string, string>> = { min: 'Min', max: 'Max', target: 'Target' };

/** The value's numeric ranges as the editor shows them: min/max (and target) in the filter's unit. */
function shownRangeError(def: FilterDefinition, value: FilterValue): string | null {
  const fields: [string, number | null][] =
    value.type === 'range' || value.type === 'probability' || value.type === 'scenario'
      ? [
          ['min', value.min],
          ['max', value.max],
        ]
      : (value.type === 'range_or_closest' || value.type === 'leg_delta') && value.mode === 'range'
        ? [
            ['min', value.min],
            ['max', value.max],
          ]
        : (value.type === 'range_or_closest' || value.type === 'leg_delta') && value.mode === 'closest'
          ? [['target', value.target]]
          : [];
  const { min, max } = def.bounds;
  for (const [field, n] of fields) {
    if (n === null) continue;
    const name = FIELD_NAMES[field] ?? field;
    // Judged as the trader typed it: 150 in a percent field is 150%, outside 0% – 100%.
    const below = min !== null && n < min;
    const above = max !== null && n > max;
    if ((below || above) && min !== null && max !== null)
      return `${name} ${formatBound(def, n)} is outside ${formatRange(def, def.bounds)}.`;
    if (below)
      return `${name} ${formatBound(def, n)} is below ${formatBound(def, min)}, the least it can be.`;
    if (above) return `${name} ${formatBound(def, n)} is above ${formatBound(def, max)}, the most it can be.`;
  }
  const lo = fields.find(([f]) => f === 'min')?.[1] ?? null;
  const hi = fields.find(([f]) => f === 'max')?.[1] ?? null;
  if (lo !== null && hi !== null && lo > hi)
    return `Min ${formatBound(def, lo)} is above Max ${formatBound(def, hi)}.`;
  return null;
}

/** Whether any number of the value is a field's text that was not a number. */
const hasNaN = (value: FilterValue): boolean =>
  Object.values(value).some((v) => typeof v === 'number' && Number.isNaN(v));

/**
 * Checks an edited value: text that is not a number is refused, ranges are judged and named in
 * the units the editor shows, then the filter catalogue checks the rest (its message without
 * the filter key).
 */
export function validateFilter(
  key: string,
  value: FilterValue,
  def: FilterDefinition | null = resolvedFilter(key)?.def ?? null,
): { value: FilterValue } | { error: string } {
  if (hasNaN(value)) return { error: NOT_A_NUMBER_MESSAGE };
  const shown = def ? shownRangeError(def, value) : null;
  if (shown) return { error: shown };
  try {
    return { value: parseFilterValue(key, value) };
  } catch (e) {
    if (e instanceof FilterValueError) return { error: e.message.replace(/^Filter [^:]+: /, '') };
    throw e;
  }
}
