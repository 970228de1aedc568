/** A scan result row as `POST /scans/run` answers it: a bull call spread on AAPL. */
import type { ScanTradeRow } from '#api/scans.ts';

export const NOW_MS = Date.UTC(2026, 0, 5, 15);
export const EXPIRATION = '2026-02-20';

export const SPREAD_ROW: ScanTradeRow = {
  id: 'AAPL:bull_call_spread:1',
  underlying: 'AAPL',
  strategy: 'bull_call_spread',
  legs: [
    {
      contract: 'AAPL260220C150',
      kind: 'option',
      right: 'CALL',
      expiration: EXPIRATION,
      strike: 150,
      quantity: 1,
      bid: 7.1,
      ask: 7.3,
      iv: 0.28,
      delta: 0.55,
      open_interest: 1200,
    },
    {
      contract: 'AAPL260220C160',
      kind: 'option',
      right: 'CALL',
      expiration: EXPIRATION,
      strike: 160,
      quantity: -1,
      bid: 2.95,
      ask: 3.05,
      iv: 0.26,
      delta: 0.3,
      open_interest: 850,
    },
  ],
  values: {
    underlying: 'AAPL',
    name: 'Apple Inc.',
    stock_last: 151.2,
    stock_iv: 0.27,
    stock_iv_pr: 0.42,
    market_cap: 2.4e12,
    p_e: 28.4,
    bid: 4.05,
    ask: 4.35,
    mid: 4.2,
    open_interest: [1200, 850],
    expiration_date: [EXPIRATION, EXPIRATION],
  },
};
