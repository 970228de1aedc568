/**
 * Strike grids on standard increments, laid out as the real chains list them (docs/MARKET.md,
 * realism table). The base increment grows with the price level and is finer for liquid names
 * (SPY and QQQ list $1 strikes); it holds near the money (per tier: within max(0.5 ATM standard
 * deviations, 4%) of the forward for the daily-expiry names, max(1 sd, 25%) for the most traded
 * others, as AAPL's $5 strikes, and max(1 sd, 5%) for the rest), then coarsens:
 * 5× for the daily-expiry names ($1 → $5, as SPY), 2× and beyond three standard deviations (and
 * 30%) 5× for the others. The range covers four standard deviations plus 4% below the forward and
 * three plus 3% above, and at least the per-tier reach of the real chains (SPY 0.70–1.30 of spot,
 * AAPL 0.40–1.45 on its monthlies), capped in count per tier.
 */
import type { LiquidityTier } from './universe.ts';

interface TierLayout {
  /** Most strikes per expiration; beyond it the base increment steps up. */
  readonly max: number;
  /** Least reach below and above the forward, in ln(K/F). */
  readonly below: number;
  readonly above: number;
  /** The base increment holds within max(fineSd standard deviations, fineMin) of the forward, in ln(K/F). */
  readonly fineSd: number;
  readonly fineMin: number;
}

const LAYOUT: Readonly<Record<LiquidityTier, TierLayout>> = {
  0: { max: 300, below: 0.36, above: 0.26, fineSd: 0.5, fineMin: 0.04 },
  1: { max: 80, below: 0.9, above: 0.37, fineSd: 1, fineMin: 0.25 },
  2: { max: 40, below: 0.4, above: 0.3, fineSd: 1, fineMin: 0.05 },
  3: { max: 24, below: 0.3, above: 0.25, fineSd: 1, fineMin: 0.05 },
};

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
 * Strikes for one expiration, ascending. `stdev` is the ATM standard deviation of ln(S_T/F), σ√T;
 * `years` the time to expiry.
 */
export function strikeGrid(forward: number, stdev: number, tier: LiquidityTier, years: number): number[] {
  let base = baseIncrement(forward, tier);
  const layout = LAYOUT[tier];
  for (;;) {
    const grid = gridWith(forward, Math.min(stdev, 1), base, tier, layout, years);
    if (grid.length <= layout.max) return grid;
    base = nextIncrement(base);
  }
}

/** Walks out from the money in whole multiples n of the base increment (strike = n·base). */
function gridWith(
  forward: number,
  stdev: number,
  base: number,
  tier: LiquidityTier,
  layout: TierLayout,
  years: number,
): number[] {
  // The least reach is the real chains' from a month out; shorter expirations reach less (as the
  // fourth root of their time: a day 43%, a week 70%), which keeps the dailies' far strikes, and
  // with them the combinations a wide multi-leg scan walks through, near what the scans can afford.
  const reach = Math.min(1, (Math.max(years, 0) / (30 / 365)) ** 0.25);
  const lo = forward * Math.exp(-Math.max(4 * stdev + 0.04, layout.below * reach));
  const hi = forward * Math.exp(Math.max(3 * stdev + 0.03, layout.above * reach));
  const daily = tier === 0;
  const fine = Math.max(layout.fineSd * stdev, layout.fineMin);
  const far = Math.max(3 * stdev, 0.3);
  const multiple = (n: number) => {
    const d = Math.abs(Math.log((n * base) / forward));
    if (d <= fine) return 1;
    return daily ? 5 : d <= far ? 2 : 5;
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
