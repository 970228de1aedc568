/**
 * Daily series helpers for the indicators: every indicator here takes a series oldest first and
 * answers a series of the same length (NaN before it is defined); a reader that needs only the
 * last value may pass the tail it depends on.
 */

/** The last element, NaN for an empty series. */
export const lastOf = (values: ArrayLike<number>): number =>
  values.length === 0 ? Number.NaN : (values[values.length - 1] as number);

/** The last `count` values (all of them when there are fewer), without copying a typed array. */
export function tailOf(values: ArrayLike<number>, count: number): ArrayLike<number> {
  const start = Math.max(0, values.length - count);
  if (start === 0) return values;
  if (ArrayBuffer.isView(values)) return (values as Float64Array).subarray(start);
  return Array.prototype.slice.call(values, start) as number[];
}
