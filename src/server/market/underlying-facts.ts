/**
 * An underlying's own datapoints now (`GET /underlyings/{symbol}/facts`), read from the market's
 * current snapshot frame with the scan engine's own getters, so the values and their units are
 * the ones a scan row carries for the same names.
 */
import type { UnderlyingFacts } from '#api/market.ts';
import { COLUMNS } from '#domain/columns/column-catalogue.ts';
import { DisplayKind } from '#domain/columns/column-definition.ts';
import { isoDateOfEpochDay } from '#domain/filters/date-range.ts';
import { MarketView } from '#engine/market-view.ts';
import { UNDERLYING_NUMBERS, UNDERLYING_TEXTS } from '#engine/underlying-fields.ts';
import type { MarketProvider } from './provider.ts';

/** The catalogue's underlying-level columns: those the engine reads per underlying. */
const FACT_COLUMNS = COLUMNS.filter(
  (c) => !c.deprecated && (c.name in UNDERLYING_NUMBERS || c.name in UNDERLYING_TEXTS),
);

/** The symbol's facts; undefined when the market does not list it. */
export function underlyingFacts(market: MarketProvider, symbol: string): UnderlyingFacts | undefined {
  const info = market.underlying(symbol);
  const snapshot = market.snapshot();
  const u = snapshot.symbols.indexOf(symbol);
  if (!info || u < 0) return undefined;
  // Read synchronously: the frame cannot flip before this returns.
  const frame = snapshot.front();
  const view = new MarketView({
    cols: frame,
    symbols: snapshot.symbols,
    expirations: snapshot.expirations,
    industries: snapshot.industries,
    asOfMs: frame.time,
    riskFreeRate: market.riskFreeRate(),
  });
  const values: Record<string, number | string | boolean | null> = { name: info.name };
  for (const { name, display } of FACT_COLUMNS) {
    const text = UNDERLYING_TEXTS[name];
    if (text) {
      values[name] = text(view, u) || null;
      continue;
    }
    const n = UNDERLYING_NUMBERS[name]?.(view, u) ?? Number.NaN;
    // As scan rows write them: dates as YYYY-MM-DD, yes/no as booleans.
    if (!Number.isFinite(n)) values[name] = null;
    else if (display === DisplayKind.Date) values[name] = isoDateOfEpochDay(n);
    else if (display === DisplayKind.Boolean) values[name] = n !== 0;
    else values[name] = n;
  }
  return { symbol, asOf: new Date(frame.time).toISOString(), values };
}
