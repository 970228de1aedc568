import { describe, expect, test } from 'vitest';
import { DomainError } from '../../../../src/domain/errors.ts';
import type { ExportOrder } from '../../../../src/domain/orders/export-order.ts';
import type { OrderLeg } from '../../../../src/domain/orders/order-leg.ts';
import { thinkorswimOrderText } from '../../../../src/domain/orders/thinkorswim.ts';
import { call, leg, put, stock } from './fixtures.ts';

// Expected texts are written by hand in the platform's order syntax, as its order log prints
// filled orders (e.g. 'SOLD -1 IRON CONDOR QCOM 100 16 FEB 18 65/67.5/60/57.5 CALL/PUT @1.44').
const tos = (strategy: string, legs: OrderLeg[], size = 1) =>
  thinkorswimOrderText({ strategy, legs, size } satisfies ExportOrder);
const SPY = '2025-06-20';
const FEB = '2025-02-21';
const WEEKLY = '2025-01-24';

describe('thinkorswim single tickets', () => {
  test('bull call vertical for a debit', () => {
    expect(tos('bull_call_spread', [leg(call(150), 1, 3.1), leg(call(155), -1, 1)])).toEqual({
      text: 'BUY +1 VERTICAL AAPL 100 17 JAN 25 150/155 CALL @2.10 LMT',
      multiple: false,
    });
  });

  test('bear call vertical for a credit lists the sold strike first', () => {
    expect(tos('bear_call_spread', [leg(call(155), 1, 1), leg(call(150), -1, 3.1)], 3).text).toBe(
      'SELL -3 VERTICAL AAPL 100 17 JAN 25 150/155 CALL @2.10 LMT',
    );
  });

  test('weekly bull put vertical, two spreads', () => {
    expect(
      tos('bull_put_spread', [leg(put(145, WEEKLY), -1, 2), leg(put(140, WEEKLY), 1, 0.8)], 2).text,
    ).toBe('SELL -2 VERTICAL AAPL 100 (Weeklys) 24 JAN 25 145/140 PUT @1.20 LMT');
  });

  test('legs +2/−2 are two 1:1 spreads', () => {
    expect(tos('bull_call_spread', [leg(call(150), 2, 3.1), leg(call(155), -2, 1)]).text).toBe(
      'BUY +2 VERTICAL AAPL 100 17 JAN 25 150/155 CALL @2.10 LMT',
    );
  });

  test('short iron condor, legs in any order', () => {
    const legs = [
      leg(put(415, SPY, 'SPY'), 1, 0.7),
      leg(call(445, SPY, 'SPY'), 1, 0.55),
      leg(put(420, SPY, 'SPY'), -1, 1.1),
      leg(call(440, SPY, 'SPY'), -1, 1.4),
    ];
    expect(tos('iron_condor', legs)).toEqual({
      text: 'SELL -1 IRON CONDOR SPY 100 20 JUN 25 440/445/420/415 CALL/PUT @1.25 LMT',
      multiple: false,
    });
  });

  test('long (reverse) iron condor', () => {
    const legs = [
      leg(call(440, SPY, 'SPY'), 1, 1.4),
      leg(call(445, SPY, 'SPY'), -1, 0.55),
      leg(put(420, SPY, 'SPY'), 1, 1.1),
      leg(put(415, SPY, 'SPY'), -1, 0.7),
    ];
    expect(tos('iron_condor', legs).text).toBe(
      'BUY +1 IRON CONDOR SPY 100 20 JUN 25 440/445/420/415 CALL/PUT @1.25 LMT',
    );
  });

  test('iron butterfly is an iron condor with equal inner strikes', () => {
    const legs = [
      leg(call(430, SPY, 'SPY'), -1, 5),
      leg(call(440, SPY, 'SPY'), 1, 1.5),
      leg(put(430, SPY, 'SPY'), -1, 4.8),
      leg(put(420, SPY, 'SPY'), 1, 1.3),
    ];
    expect(tos('iron_butterfly', legs).text).toBe(
      'SELL -1 IRON CONDOR SPY 100 20 JUN 25 430/440/430/420 CALL/PUT @7.00 LMT',
    );
  });

  test('covered call', () => {
    expect(tos('covered_call', [leg(stock('AAPL'), 100, 150), leg(call(150), -1, 1.5)])).toEqual({
      text: 'BUY +1 COVERED AAPL 100 17 JAN 25 150 CALL/AAPL @148.50 LMT',
      multiple: false,
    });
  });

  test('straddle and strangle', () => {
    expect(tos('long_straddle', [leg(call(150), 1, 4), leg(put(150), 1, 3.5)]).text).toBe(
      'BUY +1 STRADDLE AAPL 100 17 JAN 25 150 CALL/PUT @7.50 LMT',
    );
    expect(tos('short_strangle', [leg(put(140), -1, 0.95), leg(call(160), -1, 1.2)]).text).toBe(
      'SELL -1 STRANGLE AAPL 100 17 JAN 25 160/140 CALL/PUT @2.15 LMT',
    );
  });

  test('calendar and diagonal list the back month first', () => {
    expect(tos('long_call_calendar_spread', [leg(call(150), -1, 2), leg(call(150, FEB), 1, 4.3)]).text).toBe(
      'BUY +1 CALENDAR AAPL 100 21 FEB 25/17 JAN 25 150 CALL @2.30 LMT',
    );
    expect(tos('long_put_diagonal_spread', [leg(put(155, FEB), 1, 6), leg(put(150), -1, 2.4)]).text).toBe(
      'BUY +1 DIAGONAL AAPL 100 21 FEB 25/17 JAN 25 155/150 PUT @3.60 LMT',
    );
  });

  test('butterfly below a dollar', () => {
    const legs = [leg(call(145), 1, 6.9), leg(call(150), -2, 4), leg(call(155), 1, 1.9)];
    expect(tos('call_butterfly', legs).text).toBe(
      'BUY +1 BUTTERFLY AAPL 100 17 JAN 25 145/150/155 CALL @.80 LMT',
    );
  });

  test('single option and stock orders', () => {
    expect(tos('long_call', [leg(call(150), 1, 2.1)], 2)).toEqual({
      text: 'BUY +2 AAPL 100 17 JAN 25 150 CALL @2.10 LMT',
      multiple: false,
    });
    expect(tos('naked_put', [leg(put(140, WEEKLY), -1, 0.95)]).text).toBe(
      'SELL -1 AAPL 100 (Weeklys) 24 JAN 25 140 PUT @.95 LMT',
    );
    expect(tos('long_stock', [leg(stock('AAPL'), 100, 150)])).toEqual({
      text: 'BUY +100 AAPL @150.00 LMT',
      multiple: false,
    });
  });
});

describe('thinkorswim orders in several parts', () => {
  test('a collar is one order per leg', () => {
    expect(tos('collar', [leg(call(160), -1, 1.2), leg(put(140), 1, 1.5)])).toEqual({
      text: 'SELL -1 AAPL 100 17 JAN 25 160 CALL @1.20 LMT\nBUY +1 AAPL 100 17 JAN 25 140 PUT @1.50 LMT',
      multiple: true,
    });
  });

  test('a 1×2 ratio spread, three units', () => {
    expect(tos('call_ratio_spread', [leg(call(150), 1, 2), leg(call(155), -2, 1.2)], 3)).toEqual({
      text: 'BUY +3 AAPL 100 17 JAN 25 150 CALL @2.00 LMT\nSELL -6 AAPL 100 17 JAN 25 155 CALL @1.20 LMT',
      multiple: true,
    });
  });

  test('a married put', () => {
    expect(tos('married_put', [leg(stock('AAPL'), 100, 150), leg(put(145), 1, 2)])).toEqual({
      text: 'BUY +100 AAPL @150.00 LMT\nBUY +1 AAPL 100 17 JAN 25 145 PUT @2.00 LMT',
      multiple: true,
    });
  });

  test('a butterfly with unequal wings', () => {
    const legs = [leg(call(145), 1, 6.9), leg(call(150), -2, 4), leg(call(160), 1, 0.6)];
    expect(tos('call_butterfly', legs).multiple).toBe(true);
  });
});

describe('thinkorswim refusals', () => {
  test('custom strategies are not exported', () => {
    expect(() => tos('custom', [leg(call(150), 1, 2.1)])).toThrow(
      expect.objectContaining({
        code: 'EXPORT_NOT_AVAILABLE',
        message: 'This feature is not available for a custom strategy.',
      }),
    );
  });

  test('empty orders, bad sizes and mixed underlyings', () => {
    expect(() => tos('long_call', [])).toThrow(DomainError);
    expect(() => tos('long_call', [leg(call(150), 1, 2.1)], 0)).toThrow(DomainError);
    expect(() => tos('long_call', [leg(call(150), 1, 2.1)], 1e300)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        details: { size: 'Size can be at most 100,000.' },
      }),
    );
    expect(() =>
      tos('bull_call_spread', [leg(call(150), 1, 3), leg(call(155, '2025-01-17', 'MSFT'), -1, 1)]),
    ).toThrow('All legs must trade the same underlying.');
  });
});
