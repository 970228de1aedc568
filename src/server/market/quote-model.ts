/**
 * Bid and ask around a theoretical price. Half-width (fitted in reference/derive.ts on real chains):
 *
 *   h = L · (a + b·price) · (1 + c·max(0, −u − ½)),   u = out-of-the-money distance in ATM standard deviations
 *
 * L grows with illiquidity (1 for SPY). Quotes are rounded outward to the tick: bid down, ask up,
 * in whole cents, so bid ≤ theoretical ≤ ask always holds, except that the bid of an American
 * option is raised to its exercise value rounded up to the tick (`exerciseFloorCents`) where the
 * spread would put it lower; the ask, above the American theoretical price, is above it already. Ticks follow the penny rules: 0.01 below
 * $3 and 0.05 from $3 up, 0.01 at every price for the index funds quoted in pennies.
 */

export interface SpreadParams {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

export function halfWidth(price: number, otm: number, scale: number, p: SpreadParams): number {
  const itm = -otm - 0.5;
  return scale * (p.a + p.b * price) * (1 + (itm > 0 ? p.c * itm : 0));
}

/** Bid in whole cents (0 when the bid side rounds to nothing). */
export function bidCents(theo: number, half: number, pennyAll: boolean): number {
  const raw = (theo - half) * 100;
  if (raw <= 0) return 0;
  // Multiplying by 1/5 rather than dividing: this runs once per option per tick.
  return pennyAll || raw < 300 ? Math.floor(raw + 1e-9) : Math.floor(raw * 0.2 + 1e-9) * 5;
}

/** Ask in whole cents, at least one tick and above the bid. */
export function askCents(theo: number, half: number, pennyAll: boolean, bid: number): number {
  const raw = (theo + half) * 100;
  const penny = pennyAll || raw < 300;
  const tick = penny ? 1 : 5;
  const up = penny ? Math.ceil(raw - 1e-9) : Math.ceil(raw * 0.2 - 1e-9) * 5;
  const ask = Math.max(up, tick);
  return ask > bid ? ask : bid + tick;
}

/**
 * The lowest bid of an American option whose exercise value is `intrinsic` (per share, ≤ 0 when out
 * of the money): that value rounded up to the tick, in whole cents, 0 out of the money.
 */
export function exerciseFloorCents(intrinsic: number, pennyAll: boolean): number {
  const raw = intrinsic * 100;
  if (raw <= 0) return 0;
  return pennyAll || raw < 300 ? Math.ceil(raw - 1e-9) : Math.ceil(raw * 0.2 - 1e-9) * 5;
}
