/**
 * JSON text of a value with every object's keys in sorted order, so two equal definitions give
 * the same text however their objects were built (a database's JSON column, for one, hands
 * keys back in its own order). Used as the identity of a scan definition on both sides.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
