/**
 * Bid and ask around a theoretical price. Half-width (fitted in reference/derive.ts on real chains):
 *
 *   h = L · (a + b·price) · (1 + c·max(0, −u − ½)),   u = out-of-the-money distance in ATM standard deviations
 *
 * L grows with illiquidity (1 for SPY). The quote is the market of n = max(1, round(2h/tick)) ticks
 * nearest to centred on the theoretical price, in whole cents: bid ≤ theoretical ≤ ask always
 * holds, and the quoted width is the model's to the nearest tick (rounding each side outward would
 * add a tick on average: a nickel on a $5 option of a liquid stock, doubling its spread). The bid
 * of an American option is raised to its exercise value rounded up to the tick
 * (`exerciseFloorCents`) where the spread would put it lower; the ask, above the American
 * theoretical price, is above it already. Ticks follow the penny rules: 0.01 below $3 and 0.05 from
 * $3 up, 0.01 at every price for the index funds quoted in pennies.
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

// The quote is the market of n = max(1, round(2h / tick)) ticks nearest to centred on the
// theoretical price: bid = round(theo/tick − n/2)·tick, ask = bid + n·tick, so bid ≤ theo ≤ ask.
// Written out per tick size, with floor(x + ½) for round: this runs once per option per tick.

/** Bid in whole cents (0 when the bid side rounds to nothing). */
export function bidCents(theo: number, half: number, pennyAll: boolean): number {
  if (pennyAll || theo < 3) {
    const n = Math.floor(200 * half + 0.5) || 1;
    const bid = Math.floor(theo * 100 - n * 0.5 + 0.5);
    return Math.max(bid, 0);
  }
  const n = Math.floor(40 * half + 0.5) || 1;
  const bid = Math.floor(theo * 20 - n * 0.5 + 0.5) * 5;
  return Math.max(bid, 0);
}

/**
 * Ask in whole cents: the top of the same market as `bidCents` (at least one tick, on the nickel
 * from $3 up), and above `bid` (which may have been raised to an exercise value).
 */
export function askCents(theo: number, half: number, pennyAll: boolean, bid: number): number {
  let ask: number;
  if (pennyAll || theo < 3) {
    const n = Math.floor(200 * half + 0.5) || 1;
    ask = Math.floor(theo * 100 - n * 0.5 + 0.5) + n;
    // A penny-ticked ask that lands at $3 or more moves up to the nickel.
    if (!pennyAll && ask >= 300) ask = Math.ceil(ask * 0.2 - 1e-9) * 5;
  } else {
    const n = Math.floor(40 * half + 0.5) || 1;
    ask = (Math.floor(theo * 20 - n * 0.5 + 0.5) + n) * 5;
  }
  return ask > bid ? ask : bid + (pennyAll || bid < 300 ? 1 : 5);
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
