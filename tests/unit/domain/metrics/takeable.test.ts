/**
 * The two rules for a trade worth showing: the screener's and the analyzer's `hasProfitAndLoss`
 * (something to gain and something to lose, over rounding), and the analyzer's own
 * `riskBelowSpreadCost` (a risk smaller than crossing the quotes once costs). Hand-worked amounts.
 */
import { expect, test } from 'vitest';
import { hasProfitAndLoss, riskBelowSpreadCost, spreadCost } from '#domain/metrics/takeable.ts';

/** A SPY bull put spread: sell the 700 put at 12.40/12.50, buy the 695 put at 10.91/11.00. */
const BULL_PUT = [
  { weight: -1, bid: 12.4, ask: 12.5 },
  { weight: 1, bid: 10.91, ask: 11.0 },
];

test('crossing the quotes once costs 100 × Σ |weight| × (ask − bid): $19 for the spread', () => {
  expect(spreadCost(BULL_PUT)).toBeCloseTo(100 * (0.1 + 0.09), 9);
  // 100 shares (weight 1) at 99.99/100.01 and two short calls at 1.00/1.10: $2 + $20.
  const shares = { weight: 1, bid: 99.99, ask: 100.01 };
  expect(spreadCost([shares, { weight: -2, bid: 1, ask: 1.1 }])).toBeCloseTo(22, 9);
  expect(spreadCost([])).toBe(0);
});

test('a risk below the spread cost is left out; at or above it, kept', () => {
  // Deep in the money at the mids the spread risked $0.50: a quotient of rounding, not a trade.
  expect(riskBelowSpreadCost(0.5, BULL_PUT)).toBe(true);
  expect(riskBelowSpreadCost(18.99, BULL_PUT)).toBe(true);
  expect(riskBelowSpreadCost(spreadCost(BULL_PUT), BULL_PUT)).toBe(false);
  expect(riskBelowSpreadCost(400, BULL_PUT)).toBe(false);
});

test('the rules differ: a P/L over rounding may still risk less than the quotes are wide', () => {
  const tolerance = 1e-9 * 100 * 700;
  expect(hasProfitAndLoss(4.5, 0.5, tolerance)).toBe(true);
  expect(riskBelowSpreadCost(0.5, BULL_PUT)).toBe(true);
  // And a risk of rounding is refused by the first rule whatever the quotes.
  expect(hasProfitAndLoss(4.5, tolerance / 2, tolerance)).toBe(false);
});
