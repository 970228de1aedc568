import { OPTION_MULTIPLIER } from '../contracts/contract.ts';
import type { ColumnCategory } from './categories.ts';
import type { IndexKind } from './column-key.ts';

/** How a column's value is rendered (see `column-format.ts`). */
export const DisplayKind = {
  Text: 'text',
  Number: 'number',
  Percent: 'percent',
  Money: 'money',
  /** Large dollar amounts: $1.23T, $45.6B, $789M. */
  CompactMoney: 'compact_money',
  /** Calendar date `YYYY-MM-DD`. */
  Date: 'date',
  /** Days to expiration: 'in N days', 'in N hours', 'expired' (spec 2 §9.4). */
  Days: 'days',
  Boolean: 'boolean',
  Sector: 'sector',
  UnderlyingType: 'underlying_type',
  /** Analyst consensus 1 (strong buy) … 5 (strong sell). */
  Recommendation: 'recommendation',
  RecommendationChange: 'recommendation_change',
  /** A 1–10 grade. */
  Grade: 'grade',
  /** The three stock grades together: Fundamental, Growth, Technical. */
  StockScore: 'stock_score',
  Strategy: 'strategy',
  /** Expiration cycle code: 'standard' (monthly) or 'weekly'. */
  ExpirationType: 'expiration_type',
  /** Trade shape code: balanced, riskless_down, riskless_up. */
  Shape: 'shape',
  /** Signed sessions since the last moving-average cross: + golden, − death. */
  Crossover: 'crossover',
} as const;
export type DisplayKind = (typeof DisplayKind)[keyof typeof DisplayKind];

/** Which column choosers offer a column. */
export const ColumnScope = { Screener: 'screener', Trades: 'trades' } as const;
export type ColumnScope = (typeof ColumnScope)[keyof typeof ColumnScope];

export interface ColumnDefinition {
  /** Datapoint name, snake_case (trade-log position fields keep their camelCase names). */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly category: ColumnCategory;
  /** Pixels, 72–160. */
  readonly width: number;
  readonly sortable: boolean;
  readonly display: DisplayKind;
  /**
   * Factor from the stored value to the shown one: 100 for fractions shown as percent, the option
   * multiplier for dollar amounts stored per share and shown per contract, else 1.
   */
  readonly multiplier: number;
  /** Decimals of the shown value. */
  readonly decimals: number;
  /** Set when the value is a list (one per leg, breakeven or scenario) that a key suffix can pick from. */
  readonly index: IndexKind | null;
  readonly scopes: readonly ColumnScope[];
  /** Kept so old scans still load; not offered in the chooser. */
  readonly deprecated: boolean;
}

export interface ColumnOptions {
  readonly display?: DisplayKind;
  readonly decimals?: number;
  readonly width?: number;
  readonly sortable?: boolean;
  readonly index?: IndexKind;
  /** Money stored per share and shown per contract (× the option multiplier). */
  readonly perContract?: boolean;
  readonly scopes?: readonly ColumnScope[];
  readonly deprecated?: boolean;
}

export const MIN_COLUMN_WIDTH = 72;
export const MAX_COLUMN_WIDTH = 160;
const LIST_MIN_WIDTH = 112;
const BOTH_SCOPES: readonly ColumnScope[] = [ColumnScope.Screener, ColumnScope.Trades];

const DEFAULT_DECIMALS: Readonly<Record<DisplayKind, number>> = {
  text: 0,
  number: 2,
  percent: 2,
  money: 2,
  compact_money: 2,
  date: 0,
  days: 0,
  boolean: 0,
  sector: 0,
  underlying_type: 0,
  recommendation: 2,
  recommendation_change: 2,
  grade: 0,
  stock_score: 0,
  strategy: 0,
  expiration_type: 0,
  shape: 0,
  crossover: 0,
};

/** Default width: about 7 px per title character plus padding, on an 8 px grid, lists wider. */
const defaultWidth = (title: string, isList: boolean): number => {
  const raw = Math.ceil((title.length * 7 + 24) / 8) * 8;
  const floor = isList ? LIST_MIN_WIDTH : MIN_COLUMN_WIDTH;
  return Math.min(MAX_COLUMN_WIDTH, Math.max(floor, raw));
};

/** Returns a builder that fills the defaults for one category. */
export const columnsOf =
  (category: ColumnCategory, defaults: ColumnOptions = {}) =>
  (name: string, title: string, description: string, options: ColumnOptions = {}): ColumnDefinition => {
    const o = { ...defaults, ...options };
    const display = o.display ?? DisplayKind.Number;
    const multiplier = display === DisplayKind.Percent ? 100 : o.perContract === true ? OPTION_MULTIPLIER : 1;
    return {
      name,
      title,
      description,
      category,
      width: o.width ?? defaultWidth(title, o.index !== undefined),
      sortable: o.sortable ?? true,
      display,
      multiplier,
      decimals: o.decimals ?? DEFAULT_DECIMALS[display],
      index: o.index ?? null,
      scopes: o.scopes ?? BOTH_SCOPES,
      deprecated: o.deprecated ?? false,
    };
  };
