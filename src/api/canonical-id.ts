/**
 * Ids of stored items (lists, scans, tags, universes, trading accounts, orders): positive whole
 * numbers up to `MAX_ID`, the largest the app's numbers hold exactly (the database's bigint holds
 * more). In a path or a query an id is written canonically: digits only, no sign, no leading
 * zero, no spaces, no exponent. `0x10`, ` 1`, `01` or `1e0` are not other ways to write 16 or 1.
 * Free of zod: the app's router (in the first download) reads ids in its paths with it.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

/** The id `text` writes canonically, or null. */
export function parseId(text: unknown): number | null {
  if (typeof text !== 'string' || !CANONICAL_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
