/**
 * The analyzer's numbers against a seeded Monte Carlo estimate: for a stock position, a vertical,
 * an iron condor, a butterfly, a calendar and a straddle, the expected P/L given the view's region
 * and the probability of profit lie inside the estimate's 99.9% confidence interval. The Monte
 * Carlo values each leg at every sampled price with the pricing model itself (no grid, no
 * quadrature), so it checks the closed forms, the quadrature and the grid's zero finding at once.
 */
import { describe, expect, test } from 'vitest';
import type { PriceView } from '#domain/scenario/behaviors.ts';
import { priceAt, regionOf, regionProbability, viewDistribution } from '#domain/scenario/distribution.ts';
import { ScenarioEvaluator, type ScenarioLegInput } from '#domain/scenario/evaluate.ts';
import { probabilityGrid } from '#domain/scenario/probability.ts';
import {
  conditionalPrice,
  type OptionAtDate,
  scenarioOption,
  valueAtDate,
} from '#domain/scenario/scenario-option.ts';
import { seededNormals } from '#tests/support/seeded-random.ts';

const SPOT = 100;
const YEARS = 30 / 365;
const RATE = 0.04;
const Q = 0.01;
const dist = viewDistribution(SPOT, YEARS, 0.3, 0.06);
const grid = probabilityGrid(dist);
const SAMPLES = seededNormals(20261127, 200_000);
/** Two-sided 99.9% normal quantile. */
const Z999 = 3.2905;

interface Leg {
  /** null: shares. */
  readonly option: OptionAtDate | null;
  readonly weight: number;
  readonly fill: number;
}

const opt = (
  isCall: boolean,
  strike: number,
  tauDays: number,
  iv: number,
  american = false,
): OptionAtDate => ({
  isCall,
  strike,
  tau: tauDays / 365,
  iv,
  rate: RATE,
  dividendYield: Q,
  american,
});

interface Case {
  readonly name: string;
  readonly view: PriceView;
  readonly legs: readonly Leg[];
}

const CASES: readonly Case[] = [
  {
    name: 'long 100 shares',
    view: { behavior: 'abovePrice', value: 104 },
    legs: [{ option: null, weight: 1, fill: 100 }],
  },
  {
    name: 'bull call spread expiring at the date',
    view: { behavior: 'abovePrice', value: 98 },
    legs: [
      { option: opt(true, 95, 0, 0.3), weight: 1, fill: 7.1 },
      { option: opt(true, 105, 0, 0.3), weight: -1, fill: 2.2 },
    ],
  },
  {
    name: 'iron condor expiring at the date',
    view: { behavior: 'insideRange', from: 90, to: 110 },
    legs: [
      { option: opt(false, 85, 0, 0.3), weight: 1, fill: 0.4 },
      { option: opt(false, 92, 0, 0.3), weight: -1, fill: 1.5 },
      { option: opt(true, 108, 0, 0.3), weight: -1, fill: 1.3 },
      { option: opt(true, 115, 0, 0.3), weight: 1, fill: 0.35 },
    ],
  },
  {
    name: 'call butterfly expiring 30 days after the date (American)',
    view: { behavior: 'insideRange', from: 95, to: 106 },
    legs: [
      { option: opt(true, 95, 30, 0.28, true), weight: 1, fill: 8.6 },
      { option: opt(true, 100, 30, 0.27, true), weight: -2, fill: 5.4 },
      { option: opt(true, 105, 30, 0.26, true), weight: 1, fill: 3.2 },
    ],
  },
  {
    name: 'put calendar: front at the date, back 60 days after',
    view: { behavior: 'insideRange', from: 94, to: 104 },
    legs: [
      { option: opt(false, 100, 0, 0.3), weight: -1, fill: 3.3 },
      { option: opt(false, 100, 60, 0.28, true), weight: 1, fill: 6.1 },
    ],
  },
  {
    name: 'long straddle expiring 14 days after the date (American)',
    view: { behavior: 'outsideRange', from: 90, to: 112 },
    legs: [
      { option: opt(true, 100, 14, 0.3, true), weight: 1, fill: 4.4 },
      { option: opt(false, 100, 14, 0.3, true), weight: 1, fill: 4.0 },
    ],
  },
];

describe('expected P/L and probability of profit against Monte Carlo', () => {
  for (const c of CASES) {
    test(c.name, () => {
      const region = regionOf(c.view);
      const regionProb = regionProbability(dist, region);
      const legs: ScenarioLegInput[] = c.legs.map((l) => ({
        option: l.option && scenarioOption(dist, region, regionProb, grid, l.option),
        weight: l.weight,
        fill: l.fill,
      }));
      const evaluator = new ScenarioEvaluator({
        distribution: dist,
        grid,
        conditionalPrice: conditionalPrice(dist, region, regionProb),
      });
      const outcome = evaluator.evaluate(legs);

      const inRegion = (s: number) => region.some((r) => s >= r.lo && s <= r.hi);
      let wins = 0;
      let n = 0;
      let sum = 0;
      let sumSq = 0;
      for (const z of SAMPLES) {
        const s = priceAt(dist, z);
        let pl = 0;
        for (const l of c.legs) pl += 100 * l.weight * ((l.option ? valueAtDate(l.option, s) : s) - l.fill);
        if (pl > 0) wins++;
        if (inRegion(s)) {
          n++;
          sum += pl;
          sumSq += pl * pl;
        }
      }
      const p = wins / SAMPLES.length;
      const pHalf = Z999 * Math.sqrt((p * (1 - p)) / SAMPLES.length);
      const mean = sum / n;
      const sd = Math.sqrt((sumSq - n * mean * mean) / (n - 1));
      const meanHalf = Z999 * (sd / Math.sqrt(n));

      expect(Math.abs(outcome.probProfit - p)).toBeLessThanOrEqual(pHalf);
      expect(Math.abs(outcome.expectedPl - mean)).toBeLessThanOrEqual(meanHalf + 1e-9);
      // The interval is a real test: wide enough for sampling error only.
      expect(pHalf).toBeLessThan(0.005);
      expect(outcome.cost).toBeCloseTo(100 * c.legs.reduce((t, l) => t + l.weight * l.fill, 0), 9);
    });
  }
});
