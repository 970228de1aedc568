/** The order editor's metrics strip (spec 3 §2): the trade's figures for the whole order. */
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { CalculatedTrade } from '#api/trades.ts';
import { MetricsStrip } from '#app/screens/order/MetricsStrip.tsx';

const TRADE: CalculatedTrade = {
  size: 2,
  legs: [],
  pl_profile: { prices: [], atHorizon: [], atDates: [], horizonMs: 0, breakevens: [] },
  stock_last: 150,
  stock_iv: 0.3,
  market_cap: null,
  p_e: null,
  beta: null,
  rsi: null,
  macd: null,
  price_type: 'debit',
  price: 2.10125,
  max_profit: 2.9,
  max_loss: 2.1,
  breakevens: [152.675],
  prob_profit: 0.4512,
  return_acquisition: 1.38,
  spread_profit_ratio: 1.38095,
  margin: 2.1,
  delta: 0.21,
};

test('per share × 100 × size in dollars, percent with one decimal, breakevens per share', () => {
  render(<MetricsStrip strategy="bull_call_spread" trade={TRADE} />);
  const cell = (label: string) => screen.getByText(label, { exact: true }).nextElementSibling?.textContent;
  expect(cell('Debit')).toBe('$420.25');
  expect(cell('Max. Profit')).toBe('$580.00');
  expect(cell('Max. Loss')).toBe('$420.00');
  expect(cell('Breakeven')).toBe('$152.68');
  expect(cell('Prob. Profit')).toBe('45.1%');
  expect(cell('Return')).toBe('138.0%');
  expect(cell('Reward/Risk')).toBe('1.38');
  expect(cell('Delta')).toBe('42.0');
  expect(cell('Theta/day')).toBe('—');
});
