/**
 * A trade under the view (docs/ANALYZER.md): cost, expected P/L at the date given the region,
 * probability of profit at the date, and the max loss and max profit at the legs' expiration.
 *
 * Legs carry weights as the metrics do (position.ts): an option contract ±1, 100 shares ±1, so a
 * dollar amount is 100 × Σ weight × (per-share amount). Every option of a trade here shares one
 * expiration (the analyzer's strategies have no time spreads): the P/L at that expiration is
 * piecewise linear, with knots at the strikes, which gives max loss and max profit exactly.
 *
 * One evaluator serves every candidate of a run; its scratch arrays are reused, so evaluating a
 * trade allocates nothing but its answer.
 */

import type { ViewDistribution } from './distribution.ts';
import type { ProbabilityGrid } from './probability.ts';
import { gridProbProfit, linearProbProfit } from './probability.ts';
import type { ScenarioOption } from './scenario-option.ts';

/** Dollars per unit of weight: one contract of 100 shares. */
export const CONTRACT_SHARES = 100;

export interface ScenarioContext {
  readonly distribution: ViewDistribution;
  readonly grid: ProbabilityGrid;
  /** E[S_D | region], the shares' conditional value. */
  readonly conditionalPrice: number;
}

export interface ScenarioLegInput {
  /** The option, or null for shares. */
  readonly option: ScenarioOption | null;
  /** Contracts (±), or shares / 100. */
  readonly weight: number;
  /** Fill per share. */
  readonly fill: number;
}

export interface ScenarioOutcome {
  /** Dollars paid (+) or received (−). */
  readonly cost: number;
  /** E[P/L at D | region], dollars. */
  readonly expectedPl: number;
  /** P(P/L at D > 0). */
  readonly probProfit: number;
  /** Largest loss at the expiration, dollars (+∞ when unbounded). */
  readonly maxLoss: number;
  /** Largest gain at the expiration, dollars (+∞ when unbounded). */
  readonly maxProfit: number;
}

const MAX_LEGS = 8;

export class ScenarioEvaluator {
  readonly #ctx: ScenarioContext;
  readonly #knots = new Float64Array(MAX_LEGS + 1);
  readonly #values = new Float64Array(MAX_LEGS + 1);
  readonly #gridPl: Float64Array;

  constructor(ctx: ScenarioContext) {
    this.#ctx = ctx;
    this.#gridPl = new Float64Array(ctx.grid.prices.length);
  }

  evaluate(legs: readonly ScenarioLegInput[]): ScenarioOutcome {
    const knots = this.#knots;
    const values = this.#values;
    let cost = 0;
    let conditional = 0;
    let tailSlope = 0;
    let count = 1;
    let open = false;
    knots[0] = 0;
    for (const leg of legs) {
      cost += leg.weight * leg.fill;
      const o = leg.option;
      if (!o) {
        conditional += leg.weight * this.#ctx.conditionalPrice;
        tailSlope += leg.weight;
        continue;
      }
      conditional += leg.weight * o.conditionalValue;
      if (o.isCall) tailSlope += leg.weight;
      if (!o.atDate) open = true;
      // Insert the strike into the ascending knots, once.
      let i = count;
      while (i > 1 && knots[i - 1]! > o.strike) i--;
      if (knots[i - 1] === o.strike && i > 1) continue;
      knots.copyWithin(i + 1, i, count);
      knots[i] = o.strike;
      count++;
    }
    let min = Infinity;
    let max = -Infinity;
    for (let k = 0; k < count; k++) {
      const s = knots[k]!;
      let pl = -cost;
      for (const leg of legs) {
        const o = leg.option;
        pl += leg.weight * (o ? Math.max(o.isCall ? s - o.strike : o.strike - s, 0) : s);
      }
      values[k] = pl;
      if (pl < min) min = pl;
      if (pl > max) max = pl;
    }
    const probProfit = open
      ? this.#openProbProfit(legs, cost)
      : linearProbProfit(this.#ctx.distribution, knots, values, count, tailSlope);
    return {
      cost: CONTRACT_SHARES * cost,
      expectedPl: CONTRACT_SHARES * (conditional - cost),
      probProfit,
      maxLoss: tailSlope < 0 ? Infinity : -CONTRACT_SHARES * min,
      maxProfit: tailSlope > 0 ? Infinity : CONTRACT_SHARES * max,
    };
  }

  #openProbProfit(legs: readonly ScenarioLegInput[], cost: number): number {
    const { grid } = this.#ctx;
    const pl = this.#gridPl;
    pl.fill(-cost);
    for (const leg of legs) {
      const w = leg.weight;
      const o = leg.option;
      if (!o) for (let j = 0; j < pl.length; j++) pl[j] = pl[j]! + w * grid.prices[j]!;
      else if (o.atDate)
        for (let j = 0; j < pl.length; j++) {
          const s = grid.prices[j]!;
          pl[j] = pl[j]! + w * Math.max(o.isCall ? s - o.strike : o.strike - s, 0);
        }
      else for (let j = 0; j < pl.length; j++) pl[j] = pl[j]! + w * o.grid[j]!;
    }
    return gridProbProfit(grid, pl);
  }
}

/** Return on risk: expected P/L over the max loss (or the margin when the loss is unbounded). */
export const scenarioReturn = (expectedPl: number, risk: number): number => expectedPl / risk;
