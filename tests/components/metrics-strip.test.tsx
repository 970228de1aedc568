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

test('shares alone: the probability of profit names its horizon; unlimited profit; a delta of shares', () => {
  const stock: CalculatedTrade = {
    ...TRADE,
    size: 3,
    legs: [
      {
        contract: { kind: 'stock', symbol: 'KO' },
        quantity: 200,
        price: 61.5,
        bid: 61.49,
        ask: 61.51,
        mid: 61.5,
        iv: null,
        delta: 1,
        open_interest: null,
      },
    ],
    price: 123,
    max_profit: null,
    max_profit_unlimited: true,
    max_loss: 123,
    breakevens: [61.5],
    prob_profit: 0.5123,
    spread_profit_ratio: null,
    margin: 123,
    delta: 2,
    theta: 0,
  };
  render(<MetricsStrip strategy="long_stock" trade={stock} />);
  const cell = (label: string) => screen.getByText(label, { exact: true }).nextElementSibling?.textContent;
  expect(cell('Debit')).toBe('$36,900.00');
  expect(cell('Max. Profit')).toBe('Unlimited');
  expect(cell('Max. Loss')).toBe('$36,900.00');
  expect(cell('Breakeven')).toBe('$61.50');
  expect(cell('Prob. Profit (30 days)')).toBe('51.2%');
  expect(screen.queryByText('Prob. Profit', { exact: true })).toBeNull();
  expect(screen.queryByText('Reward/Risk')).toBeNull();
  expect(cell('Delta')).toBe('600.0');
  expect(cell('Theta/day')).toBe('$0.00');
});
