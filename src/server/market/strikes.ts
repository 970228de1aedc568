/**
 * Strike grids on standard increments, laid out as the real chains list them (docs/MARKET.md,
 * realism table). The base increment grows with the price level and is finer for liquid names
 * (SPY and QQQ list $1 strikes); it holds near the money (per tier: within max(0.5 ATM standard
 * deviations, 4%) of the forward for the daily-expiry names, max(1 sd, 25%) for the most traded
 * others, as AAPL's $5 strikes, and max(1 sd, 5%) for the rest), then coarsens:
 * 5× for the daily-expiry names ($1 → $5, as SPY), 2× and beyond three standard deviations (and
 * 30%) 5× for the others. The range covers four standard deviations plus 4% below the forward and
 * three plus 3% above, but no more than one standard deviation beyond the per-tier reach of the
 * real chains (SPY 0.70–1.30 of spot, AAPL 0.40–1.45), and at least that reach; the standard
 * monthlies of the liquid tiers list far wings as the real ones do (down to 0.37 of the forward),
 * capped in count per tier.
 */
import type { LiquidityTier } from './universe.ts';

/**
 * The far wings of a standard monthly: the real monthlies list far out-of-the-money strikes from
 * their first day (SPY's down to 0.35–0.48 of spot on $5 steps, AAPL's to 0.32–0.43 on $5 steps),
 * where most of a chain's open interest beyond three standard deviations sits.
 */
interface Wings {
  /** Least reach below and above the forward, in ln(K/F), at any time to expiry. */
  readonly below: number;
  readonly above: number;
  /**
   * Steps beyond the fine strikes, in base increments: the first that keeps the grid within its
   * cap (the base increment coarsens only when none does).
   */
  readonly steps: readonly number[];
  /** From `longYears` out the steps are `longSteps`: the long monthlies hold little of the far open interest. */
  readonly longYears?: number;
  readonly longSteps?: readonly number[];
}

interface TierLayout {
  /** Most strikes per expiration; beyond it the base increment steps up. */
  readonly max: number;
  /** Least reach below and above the forward, in ln(K/F). */
  readonly below: number;
  readonly above: number;
  /** The base increment holds within max(fineSd standard deviations, fineMin) of the forward, in ln(K/F). */
  readonly fineSd: number;
  readonly fineMin: number;
  /** A standard monthly's far wings, where the tier lists them (the real chains' monthlies). */
  readonly wings?: Wings;
}

const LAYOUT: Readonly<Record<LiquidityTier, TierLayout>> = {
  0: {
    max: 300,
    below: 0.36,
    above: 0.26,
    fineSd: 0.5,
    fineMin: 0.04,
    wings: { below: 1, above: 0.26, steps: [5] },
  },
  1: {
    max: 80,
    below: 0.9,
    above: 0.37,
    fineSd: 1,
    fineMin: 0.25,
    wings: { below: 1, above: 0.47, steps: [1, 2], longYears: 0.3, longSteps: [2] },
  },
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
 * `years` the time to expiry; `standard` whether it is a standard monthly (third Friday), which gets
 * its tier's far wings.
 */
export function strikeGrid(
  forward: number,
  stdev: number,
  tier: LiquidityTier,
  years: number,
  standard = false,
): number[] {
  let base = baseIncrement(forward, tier);
  const layout = LAYOUT[tier];
  const sd = Math.min(stdev, 1);
  const wings = standard ? layout.wings : undefined;
  // The least reach is the real chains' from a month out; shorter expirations other than the
  // standard monthlies reach less (as the fourth root of their time: a day 43%, a week 70%), which
  // keeps the dailies' far strikes, and with them the combinations a wide multi-leg scan walks
  // through, near what the scans can afford. Beyond the real reach a grid spans at most one more
  // standard deviation: the real chains list no calls three standard deviations out a year ahead
  // (SPY's end at 1.30 of spot), so those strikes go to the standard monthlies' far wings.
  const reach = wings ? 1 : Math.min(1, (Math.max(years, 0) / (30 / 365)) ** 0.25);
  const below = wings
    ? Math.max(4 * sd + 0.04, wings.below)
    : Math.max(Math.min(4 * sd + 0.04, layout.below + sd), layout.below * reach);
  const above = Math.max(Math.min(3 * sd + 0.03, layout.above + sd), (wings?.above ?? layout.above) * reach);
  const range = { lo: forward * Math.exp(-below), hi: forward * Math.exp(above) };
  const long = wings && years > (wings.longYears ?? Number.POSITIVE_INFINITY);
  const wingSteps = (long ? wings?.longSteps : wings?.steps) ?? [undefined];
  for (;;) {
    for (const wingStep of wingSteps) {
      const grid = gridWith(forward, sd, base, tier, layout, range, wingStep);
      if (grid.length <= layout.max) return grid;
    }
    base = nextIncrement(base);
  }
}

/**
 * Walks out from the money in whole multiples n of the base increment (strike = n·base) over the
 * range; `wingStep` (in base increments) steps a standard monthly's strikes beyond the fine ones.
 */
function gridWith(
  forward: number,
  stdev: number,
  base: number,
  tier: LiquidityTier,
  layout: TierLayout,
  range: { readonly lo: number; readonly hi: number },
  wingStep: number | undefined,
): number[] {
  const daily = tier === 0;
  const fine = Math.max(layout.fineSd * stdev, layout.fineMin);
  const far = Math.max(3 * stdev, 0.3);
  const multiple = (n: number) => {
    const d = Math.abs(Math.log((n * base) / forward));
    if (d <= fine) return 1;
    if (wingStep !== undefined) return wingStep;
    return daily ? 5 : d <= far ? 2 : 5;
  };
  const out: number[] = [];
  const n0 = Math.max(1, Math.round(forward / base));
  for (let n = n0; n > 0 && n * base >= range.lo; ) {
    out.push(n);
    const m = multiple(n);
    n = (Math.ceil(n / m) - 1) * m;
  }
  out.reverse();
  for (let n = n0; ; ) {
    const m = multiple(n);
    n = (Math.floor(n / m) + 1) * m;
    if (n * base > range.hi) break;
    out.push(n);
  }
  return out.map((n) => Math.round(n * base * 1e6) / 1e6);
}

const LADDER = [0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500];

function nextIncrement(step: number): number {
  return LADDER.find((s) => s > step) ?? step * 2;
}
