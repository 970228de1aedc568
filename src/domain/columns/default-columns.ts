import { filterByName } from '../filters/filter-catalogue.ts';
import { columnByName, columnForKey } from './column-catalogue.ts';
import { formatColumnKey, parseColumnKey } from './column-key.ts';

/** Columns every new scan starts with (spec 2 §3.3). */
export const DEFAULT_SCAN_COLUMNS = [
  'underlying',
  'stock_last',
  'stock_iv_pr',
  'strike',
  'expiration_date',
] as const;

/**
 * Default scan columns plus the datapoints of the active filters, in filter order, without repeats
 * (spec 2 §3.3, §4.4). An indexed filter key (`leg_delta_2`) adds its datapoints with the same index.
 * Unknown filters add nothing.
 */
export const defaultColumns = (activeFilterKeys: Iterable<string>): readonly string[] => {
  const keys = new Set<string>(DEFAULT_SCAN_COLUMNS);
  for (const filterKey of activeFilterKeys) {
    const exact = filterByName(filterKey);
    const { name, index } =
      exact === undefined ? parseColumnKey(filterKey) : { name: filterKey, index: null };
    const filter = exact ?? filterByName(name);
    if (filter === undefined) continue;
    for (const datapoint of filter.datapoints) {
      const sameIndexKind = filter.index !== null && columnByName(datapoint)?.index === filter.index;
      const key = formatColumnKey({ name: datapoint, index: sameIndexKind ? index : null });
      if (columnForKey(key) !== undefined) keys.add(key);
    }
  }
  return [...keys];
};
