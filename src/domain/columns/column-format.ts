import { Sector, sectorName, underlyingTypeName } from '../filters/sectors.ts';
import { columnForKey } from './column-catalogue.ts';
import type { ColumnDefinition } from './column-definition.ts';
import {
  daysToExpirationLabel,
  expirationCycleLabel,
  humanizeCode,
  recommendationChangeLabel,
  recommendationLabel,
} from './display-labels.ts';
import { formatCompactMoney, formatMoney, formatNumber, MISSING_VALUE } from './number-format.ts';

/** Separator between the elements of a per-leg (or per-breakeven, per-scenario) list. */
export const LIST_SEPARATOR = ' / ';

export interface StockScoreValue {
  readonly fundamental: number;
  readonly growth: number;
  readonly technical: number;
}

const isStockScore = (v: unknown): v is StockScoreValue =>
  typeof v === 'object' && v !== null && 'fundamental' in v && 'growth' in v && 'technical' in v;

const formatNumeric = (c: ColumnDefinition, v: number): string => {
  const shown = v * c.multiplier;
  switch (c.display) {
    case 'percent':
      return `${formatNumber(shown, c.decimals)}%`;
    case 'money':
      return formatMoney(shown, c.decimals);
    case 'compact_money':
      return formatCompactMoney(shown, c.decimals);
    case 'days':
      return daysToExpirationLabel(v);
    case 'boolean':
      return v !== 0 ? 'Yes' : 'No';
    case 'sector':
      // Funds and indexes that track no sector: a dash, not the bare code.
      return v === Sector.None ? MISSING_VALUE : (sectorName(v) ?? String(v));
    case 'underlying_type':
      return underlyingTypeName(v) ?? String(v);
    case 'recommendation':
      return `${recommendationLabel(v)} (${formatNumber(v, c.decimals)})`;
    case 'recommendation_change': {
      const label = recommendationChangeLabel(v);
      return label === 'No change' ? label : `${label} (${v > 0 ? '+' : ''}${formatNumber(v, c.decimals)})`;
    }
    case 'crossover':
      if (v === 0) return '';
      return `${v > 0 ? 'Golden' : 'Death'}, ${Math.abs(v)} session${Math.abs(v) === 1 ? '' : 's'}`;
    default:
      return formatNumber(shown, c.decimals);
  }
};

const formatScalar = (c: ColumnDefinition, v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isNaN(v) ? '' : formatNumeric(c, v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string') {
    if (c.display === 'strategy') return humanizeCode(v);
    if (c.display === 'shape') return humanizeCode(v, true);
    if (c.display === 'expiration_type') return expirationCycleLabel(v);
    return v;
  }
  if (c.display === 'stock_score' && isStockScore(v))
    return `F ${v.fundamental} · G ${v.growth} · T ${v.technical}`;
  return String(v);
};

/**
 * A value as the table shows it and the CSV export writes it ("values as displayed"): fractions
 * ×100 with '%', per-share dollars ×100 for per-contract columns, dates as YYYY-MM-DD, codes as
 * names, lists joined with ' / '. For an indexed key (`strike_2`) the value may be the element or the
 * whole list. Missing values (null, undefined, NaN) are empty. Throws for an unknown column key.
 */
export const formatColumnValue = (key: string, value: unknown): string => {
  const resolved = columnForKey(key);
  if (resolved === undefined) throw new RangeError(`Unknown column: ${key}`);
  const { column, index } = resolved;
  if (Array.isArray(value)) {
    if (index !== null) return formatScalar(column, value[index - 1]);
    return value.map((v) => formatScalar(column, v)).join(LIST_SEPARATOR);
  }
  return formatScalar(column, value);
};
