/**
 * Money in the trade log is stored as integer cents. Conversions go through the decimal text of
 * the number, so 1.005 dollars is 101 cents (half away from zero), not the 100 that
 * `Math.round(1.005 * 100)` gives on binary doubles.
 */

export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  const magnitude = Math.abs(dollars);
  const text = magnitude.toString();
  const cents = text.includes('e') ? Math.round(magnitude * 100) : Math.round(Number(`${text}e2`));
  if (cents === 0) return 0;
  return dollars < 0 ? -cents : cents;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** True when `dollars` has no more than two decimals (1.1, 2.25; not 1.005). */
export function isWholeCents(dollars: number): boolean {
  return Number.isFinite(dollars) && fromCents(toCents(dollars)) === dollars;
}
