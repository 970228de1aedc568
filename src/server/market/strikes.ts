/**
 * Strike grids on standard increments. The base increment grows with the price level and is finer
 * for liquid names; away from the money the grid coarsens (2× beyond one ATM standard deviation,
 * 5× beyond two), as listed chains do. The range covers four standard deviations plus 4% below
 * the forward and three plus 3% above, capped per tier.
 */
import type { LiquidityTier } from './universe.ts';

const MAX_STRIKES: Readonly<Record<LiquidityTier, number>> = { 0: 140, 1: 70, 2: 40, 3: 24 };

/** Base strike increment for a price level and tier. */
export function baseIncrement(price: number, tier: LiquidityTier): number {
  const liquid = tier <= 1;
  if (price < 3) return 0.5;
  if (price < 25) return liquid ? 0.5 : 1;
  if (price < 100) return liquid ? 1 : 2.5;
  if (price < 250) return tier === 0 ? 1 : liquid ? 2.5 : 5;
  if (price < 1000) return tier === 0 ? 1 : liquid ? 5 : 10;
  if (price < 3000) return liquid ? 10 : 25;
  if (price < 10000) return tier === 0 ? 5 : 25;
  return tier === 0 ? 10 : 50;
}

/**
 * Strikes for one expiration, ascending. `stdev` is the ATM standard deviation of ln(S_T/F), σ√T.
 */
export function strikeGrid(forward: number, stdev: number, tier: LiquidityTier): number[] {
  let base = baseIncrement(forward, tier);
  const max = MAX_STRIKES[tier];
  for (;;) {
    const grid = gridWith(forward, Math.min(stdev, 1), base);
    if (grid.length <= max) return grid;
    base = nextIncrement(base);
  }
}

/** Walks out from the money in whole multiples n of the base increment (strike = n·base). */
function gridWith(forward: number, stdev: number, base: number): number[] {
  const lo = forward * Math.exp(-(4 * stdev + 0.04));
  const hi = forward * Math.exp(3 * stdev + 0.03);
  const inner = stdev * forward;
  const multiple = (n: number) => {
    const d = Math.abs(n * base - forward);
    return d <= inner ? 1 : d <= 2 * inner ? 2 : 5;
  };
  const out: number[] = [];
  const n0 = Math.max(1, Math.round(forward / base));
  for (let n = n0; n > 0 && n * base >= lo; ) {
    out.push(n);
    const m = multiple(n);
    n = (Math.ceil(n / m) - 1) * m;
  }
  out.reverse();
  for (let n = n0; ; ) {
    const m = multiple(n);
    n = (Math.floor(n / m) + 1) * m;
    if (n * base > hi) break;
    out.push(n);
  }
  return out.map((n) => Math.round(n * base * 1e6) / 1e6);
}

const LADDER = [0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500];

function nextIncrement(step: number): number {
  return LADDER.find((s) => s > step) ?? step * 2;
}
