/**
 * A scan's `universe` filter (an id the engine cannot read) made symbols: the server does it
 * before a scan runs, the app before it scans on the device, from the same rule.
 */
import { parseSymbolList } from './symbol-list.ts';

/** The universe id the `universe` filter names, if any (not checked: the caller looks it up). */
export function universeIdOf(filters: Readonly<Record<string, unknown>>): unknown {
  const value = filters.universe as { values?: unknown } | null | undefined;
  return Array.isArray(value?.values) ? value.values[0] : undefined;
}

/**
 * The filters with the `universe` filter replaced by the universe's `symbols` as
 * `include_symbols`. A scan that also lists symbols to include keeps those in both; when none is
 * in both, every universe symbol is also excluded, so nothing passes. Without a universe
 * (`symbols` null), the filters less the `universe` filter.
 */
export function withUniverseSymbols(
  filters: Readonly<Record<string, unknown>>,
  symbols: readonly string[] | null,
): Record<string, unknown> {
  const { universe: _dropped, ...rest } = filters;
  if (!symbols) return { ...rest };
  const include = filters.include_symbols as { values?: unknown } | null | undefined;
  const listed = Array.isArray(include?.values)
    ? (parseSymbolList(include.values.filter((s): s is string => typeof s === 'string')) ?? [])
    : [];
  const both = listed.length > 0 ? symbols.filter((s) => listed.includes(s)) : symbols;
  if (both.length > 0) return { ...rest, include_symbols: { type: 'any_of', values: [...both] } };
  const exclude = filters.exclude_symbols as { values?: unknown } | null | undefined;
  const excluded = Array.isArray(exclude?.values) ? exclude.values : [];
  return {
    ...rest,
    include_symbols: { type: 'any_of', values: [...symbols] },
    exclude_symbols: { type: 'none_of', values: [...new Set([...excluded, ...symbols])] },
  };
}
