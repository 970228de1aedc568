import type { FilterValue, NumericRange } from './filter-value.ts';

/**
 * Evaluators the scan engine calls per underlying, leg or trade with plain numbers or codes. None
 * allocates. A NaN datapoint (missing data) fails any bounded range; an open range passes anything.
 */

/** Inclusive bounds, null open. */
export const matchesRange = (value: number, range: NumericRange): boolean => {
  const { min, max } = range;
  if (min === null && max === null) return true;
  return (min === null || value >= min) && (max === null || value <= max);
};

export const matchesEquals = (value: string | number, target: string | number): boolean => value === target;

/** An empty selection means no restriction (Any). */
export const matchesAnyOf = <T extends string | number>(value: T, values: readonly T[]): boolean =>
  values.length === 0 || values.includes(value);

export const matchesNoneOf = <T extends string | number>(value: T, values: readonly T[]): boolean =>
  !values.includes(value);

export const matchesBoolean = (value: boolean, expected: boolean): boolean => value === expected;

/**
 * Index of the element of `values[start, end)` nearest to `target` ("closest to X"); ties go to the
 * first one, which in ascending data is the lower value. NaN elements are skipped; −1 when none.
 */
export const closestIndex = (
  values: ArrayLike<number>,
  target: number,
  start = 0,
  end: number = values.length,
): number => {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = start; i < end; i++) {
    const d = Math.abs(values[i]! - target);
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
};

/**
 * The numeric range a value filters on, for the kinds that are a range of one datapoint (range,
 * probability, scenario, and range_or_closest / leg_delta in range mode); null otherwise.
 */
export const numericRangeOf = (value: FilterValue): NumericRange | null => {
  switch (value.type) {
    case 'range':
    case 'probability':
    case 'scenario':
      return value;
    case 'range_or_closest':
    case 'leg_delta':
      return value.mode === 'range' ? value : null;
    default:
      return null;
  }
};
