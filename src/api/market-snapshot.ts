/**
 * `GET /market/snapshot` (docs/API.md, "Market snapshot"): the compact market the app scans on the
 * device. Its limits, without zod, for the app. The answer is binary
 * (`#engine/device-snapshot.ts`: the format and its media type); the query schema is in `market.ts`.
 */

/** Symbols one request may name. */
export const MARKET_SNAPSHOT_MAX_SYMBOLS = 500;
/** Without symbols: this many names, those with the most open interest. */
export const MARKET_SNAPSHOT_DEFAULT_NAMES = 300;
