/**
 * A scan as the engine receives it (the API's run-scan body, validated): strategy (with ratio
 * counts or custom legs), filters by key, sorting, bid/ask level and the narrowed ticker.
 * Plain data: it is posted to the workers as is.
 */
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import type { CustomLeg, RatioCounts } from './structure.ts';

export type SortDirection = 'asc' | 'desc';
export type SortEntry = readonly [key: string, direction: SortDirection];

export interface ScanSpec {
  readonly strategy: ScreenerStrategyKey;
  readonly ratio?: RatioCounts | null;
  readonly legs?: readonly CustomLeg[] | null;
  /** Filter key → value in the filter catalogue's tagged shapes; null or missing means not set. */
  readonly filters: Readonly<Record<string, unknown>>;
  /** Up to two sort keys; the strategy's default sorting when empty. */
  readonly sorting?: readonly SortEntry[] | null;
  /** Spec 2 §9.2: 0.5 … −0.5; the strategy's default when missing. */
  readonly bidAskLevel?: number | null;
  /** Every trade of this ticker instead of one row per ticker. */
  readonly narrowedToSymbol?: string | null;
}

/** A bad scan input (sort key, filter value): the API answers 400 naming it. */
export class ScanInputError extends Error {
  override readonly name = 'ScanInputError';
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
