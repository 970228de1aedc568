/**
 * Filter values as the definition panel shows and edits them (spec 2 §3.9, §4.4): stored units
 * ↔ the units a trader types (percent ×100, per-contract dollars ×100), one-line summaries, the
 * preset a value matches, the active filters grouped by category, and validation of an edited
 * value by the filter catalogue (`parseFilterValue`, whose message is shown under the editor).
 */
import { DATA_CATEGORY_ORDER, type DataCategory } from '../../../domain/columns/categories.ts';
import type { FilterDefinition } from '../../../domain/filters/filter-definition.ts';
import type { FilterValue, NumericRange } from '../../../domain/filters/filter-value.ts';
import { FilterValueError } from '../../../domain/filters/filter-value-error.ts';
import { parseFilterValue } from '../../../domain/filters/parse-filter-value.ts';
import { sectorName } from '../../../domain/filters/sectors.ts';
import { STRATEGIES } from '../../../domain/strategies/catalogue.ts';
import type { ScreenerStrategyKey } from '../../../domain/strategies/strategy-key.ts';
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
/** A number field's value: null when blank or not a number. */
export const parseNumber = (text: string): number | null => {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

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

/** A one-line summary of a filter's value, as the active filters list shows it. */
export function filterSummary(def: FilterDefinition, value: FilterValue): string {
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
      return value.values.length === 0 ? 'None chosen' : value.values.join(', ');
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
      return `Move ${value.unit === 'pct' ? `${round(value.shift * 100, 2)}%` : `${value.shift} ${value.unit}`}: ${formatRange(def, value)}`;
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

/** Checks an edited value; the error text names the field, without the filter key. */
export function validateFilter(key: string, value: unknown): { value: FilterValue } | { error: string } {
  try {
    return { value: parseFilterValue(key, value) };
  } catch (e) {
    if (e instanceof FilterValueError) return { error: e.message.replace(/^Filter [^:]+: /, '') };
    throw e;
  }
}
