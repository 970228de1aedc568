/**
 * The shape of a strategy definition: what the picker shows, which legs the strategy holds, and
 * the defaults a new scan of that strategy starts from.
 */
import type { Right } from '../contracts/contract.ts';
import type { BidAskLevel } from '../metrics/bid-ask.ts';
import type { StrategyKey } from './strategy-key.ts';

/** Picker groups, in picker order. */
export const STRATEGY_GROUPS = ['Single-Leg', 'Vertical Spreads', 'Volatility', 'Advanced'] as const;
export type StrategyGroup = (typeof STRATEGY_GROUPS)[number];

/**
 * One leg of a strategy template, for a 1-lot. `quantity` is signed (+ buy, − sell); stock legs
 * count shares (±100 per option contract), option legs count contracts.
 */
export type LegTemplate = StockLegTemplate | OptionLegTemplate;

export interface StockLegTemplate {
  readonly kind: 'stock';
  readonly quantity: number;
  readonly label: string;
}

export interface OptionLegTemplate {
  readonly kind: 'option';
  readonly right: Right;
  readonly quantity: number;
  readonly label: string;
  /**
   * Rank of the leg's strike among the strategy's distinct strikes (0 = lowest). Legs with equal
   * slots share a strike; a lower slot means a strictly lower strike. Diagonals are the exception:
   * their strikes must differ in either order (see `strikes: 'different'`).
   */
  readonly strikeSlot: number;
  /** Rank of the leg's expiration (0 = front); legs with equal slots share an expiration. */
  readonly expirationSlot: number;
}

/** Any JSON value. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/**
 * A filter value as a scan stores it: a JSON object tagged with the filter's value kind, e.g.
 * `{ type: 'range', min: 5000, max: null }` (null is an open bound). The filter catalogue
 * (src/domain/filters) defines the kinds and validates values.
 */
export type FilterValue = { readonly type: string } & { readonly [field: string]: JsonValue };

export type DefaultFilters = Readonly<Record<string, FilterValue>>;

export type SortDirection = 'asc' | 'desc';
/** A column key and its direction; a scan sorts by at most two. */
export type SortEntry = readonly [columnKey: string, direction: SortDirection];

export interface CalculationSettings {
  readonly bid_ask_level: BidAskLevel;
}

/** Whether the strategy is net seller or buyer of option premium (colours the IV-rank badge). */
export type PremiumSide = 'sold' | 'bought' | 'neutral';

export interface StrategyDefinition {
  readonly key: StrategyKey;
  readonly title: string;
  readonly group: StrategyGroup;
  /** Icon name in the app's strategy icon set (kebab-case of the key). */
  readonly icon: string;
  /** Offered by the screener's strategy picker (false: order editor and analyzer only). */
  readonly screener: boolean;
  /** Which editor the picker opens when the strategy is chosen again (spec 2 §2.3). */
  readonly editor: 'ratio' | 'custom' | null;
  /** Template legs for a 1-lot; empty for custom (the user adds legs). */
  readonly legs: readonly LegTemplate[];
  /** Number of option legs the strategy holds (stock legs not counted), as spec 2 §3.1 counts them. */
  readonly optionLegCount: number;
  /** Labels of the breakevens in ascending price order. */
  readonly breakevenLabels: readonly string[];
  /** The rule the legs must follow, shown with LEGS_MISMATCH. */
  readonly hint: string;
  /**
   * What the strategy's default scan looks for, in one line (shown under a new scan's title); its
   * default filters say the same (docs/STRATEGIES.md, "Default scans and their intent").
   */
  readonly intent: string;
  readonly premium: PremiumSide;
  readonly defaultFilters: DefaultFilters;
  readonly defaultSorting: readonly SortEntry[];
  readonly calculationSettings: CalculationSettings;
}
