/** Legs and trades for the order editor's parts: a bull call spread on XYZ. */
import type { CalculatedTrade, OrderLeg } from '#api/trades.ts';
import type { EditorLeg } from '#app/screens/order/order-draft.ts';

const call = (strike: number) =>
  ({ kind: 'option', underlying: 'XYZ', right: 'CALL', expiration: '2026-04-17', strike }) as const;

/** Buy the 100 call at 3.20, sell the 105 call at 1.70: 1.50 debit per share. */
export const SPREAD_LEGS: OrderLeg[] = [
  { contract: call(100), quantity: 1, limitPrice: 3.2 },
  { contract: call(105), quantity: -1, limitPrice: 1.7 },
];

export const editorLeg = (over: Partial<EditorLeg> = {}): EditorLeg => ({
  key: 1,
  kind: 'option',
  right: 'CALL',
  sign: 1,
  quantity: 1,
  expiration: '2026-04-17',
  strike: 100,
  limitPrice: '3.20',
  ...over,
});

export const MADE_TRADE: CalculatedTrade = {
  size: 2,
  legs: [],
  pl_profile: { prices: [], atHorizon: [], atDates: [], horizonMs: 0, breakevens: [] },
  stock_last: 101,
  stock_iv: 0.3,
  market_cap: null,
  p_e: null,
  beta: null,
  rsi: null,
  macd: null,
  price: 1.5,
  price_type: 'debit',
  max_profit: 3.5,
  max_profit_unlimited: false,
  max_loss: 1.5,
  max_loss_unlimited: false,
  breakevens: [101.5],
  prob_profit: 0.45,
  return_acquisition: 2.333,
  spread_profit_ratio: 2.33,
  margin: 1.5,
  delta: 0.3,
  theta: -0.02,
};
