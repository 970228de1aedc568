/** A bull call spread on AAPL as the trade log lists it: an open position with two legs. */
import type { Position } from '#api/trades.ts';

export const POSITION: Position = {
  positionId: 7,
  accountId: 1,
  openingOrderId: 7,
  lastOrderId: 7,
  strategy: 'bull_call_spread',
  symbol: 'AAPL',
  size: 2,
  legs: [
    {
      contract: { kind: 'option', underlying: 'AAPL', expiration: '2026-04-17', strike: 150, right: 'CALL' },
      quantity: 1,
      fillPrice: 2.675,
      markPrice: 3.1,
    },
    {
      contract: { kind: 'option', underlying: 'AAPL', expiration: '2026-04-17', strike: 155, right: 'CALL' },
      quantity: -1,
      fillPrice: 1234.5,
      markPrice: null,
    },
  ],
  strategyPriceCents: -21_000,
  accountEffectCents: -123_450,
  plCents: -1_255,
  initialMarginCents: null,
  roi: 0.2988,
  roiAnnualized: null,
  maxProfitGained: null,
  openDate: '2026-03-04T15:30:00.000Z',
  closeDate: null,
  closedBy: null,
  comments: { open: '', close: null },
  archived: false,
  madeTrade: {},
  data: {},
};
