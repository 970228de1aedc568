import { CONSOLIDATED_OPTIONS_COLUMNS } from './catalogue/consolidated-options-columns.ts';
import { DESCRIPTIVE_COLUMNS } from './catalogue/descriptive-columns.ts';
import { FUNDAMENTAL_COLUMNS } from './catalogue/fundamental-columns.ts';
import { GREEKS_COLUMNS } from './catalogue/greeks-columns.ts';
import { OPTION_DATA_COLUMNS } from './catalogue/option-data-columns.ts';
import { SPREADS_COLUMNS } from './catalogue/spreads-columns.ts';
import { TECHNICAL_COLUMNS } from './catalogue/technical-columns.ts';
import { TRADE_LOG_COLUMNS } from './catalogue/trade-log-columns.ts';
import { type ColumnCategory, DATA_CATEGORY_ORDER, TRADE_LOG_CATEGORY_ORDER } from './categories.ts';
import { type ColumnDefinition, ColumnScope } from './column-definition.ts';
import { MAX_INDEX, parseColumnKey } from './column-key.ts';

/** Every datapoint, in category order (spec 2 §3.8) and then the trade-log position columns. */
export const COLUMNS: readonly ColumnDefinition[] = [
  ...DESCRIPTIVE_COLUMNS,
  ...TECHNICAL_COLUMNS,
  ...FUNDAMENTAL_COLUMNS,
  ...CONSOLIDATED_OPTIONS_COLUMNS,
  ...OPTION_DATA_COLUMNS,
  ...GREEKS_COLUMNS,
  ...SPREADS_COLUMNS,
  ...TRADE_LOG_COLUMNS,
];

const BY_NAME: ReadonlyMap<string, ColumnDefinition> = new Map(COLUMNS.map((c) => [c.name, c]));

export const columnByName = (name: string): ColumnDefinition | undefined => BY_NAME.get(name);

export interface ResolvedColumn {
  readonly column: ColumnDefinition;
  readonly index: number | null;
}

/**
 * Resolves a column key such as `leg_delta_2`. Undefined for an unknown name, or an index on a
 * column that takes none, or an index above the kind's maximum.
 */
export const columnForKey = (key: string): ResolvedColumn | undefined => {
  const { name, index } = parseColumnKey(key);
  const column = BY_NAME.get(name);
  if (column === undefined) return undefined;
  if (index === null) return { column, index };
  if (column.index === null || index > MAX_INDEX[column.index]) return undefined;
  return { column, index };
};

/** A key sorts when its column sorts; a list column sorts by its first element unless indexed. */
export const isSortableKey = (key: string): boolean => columnForKey(key)?.column.sortable ?? false;

export interface ColumnGroup {
  readonly category: ColumnCategory;
  readonly columns: readonly ColumnDefinition[];
}

/** Non-deprecated columns of one chooser, grouped by category in the chooser's order. */
export const columnGroups = (
  scope: ColumnScope = ColumnScope.Screener,
  columns: readonly ColumnDefinition[] = COLUMNS,
): readonly ColumnGroup[] => {
  const order = scope === ColumnScope.Screener ? DATA_CATEGORY_ORDER : TRADE_LOG_CATEGORY_ORDER;
  const offered = columns.filter((c) => !c.deprecated && c.scopes.includes(scope));
  return order
    .map((category) => ({ category, columns: offered.filter((c) => c.category === category) }))
    .filter((g) => g.columns.length > 0);
};
