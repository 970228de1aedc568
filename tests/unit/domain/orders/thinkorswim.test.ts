import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import type { SeriesByExpiration } from '#domain/orders/expiration-series.ts';
import type { ExportOrder } from '#domain/orders/export-order.ts';
import type { OrderLeg } from '#domain/orders/order-leg.ts';
import { thinkorswimOrderText } from '#domain/orders/thinkorswim.ts';
import { call, leg, put, stock } from './fixtures.ts';

// Expected texts are written by hand in the platform's order syntax, as its order log prints
// filled orders (e.g. 'SOLD -1 IRON CONDOR QCOM 100 16 FEB 18 65/67.5/60/57.5 CALL/PUT @1.44').
const tos = (strategy: string, legs: OrderLeg[], size = 1, series?: SeriesByExpiration) =>
  thinkorswimOrderText({ strategy, legs, size, series } satisfies ExportOrder);
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

  test('a married put', () => {
    expect(tos('married_put', [leg(stock('AAPL'), 100, 150), leg(put(145), 1, 2)])).toEqual({
      text: 'BUY +100 AAPL @150.00 LMT\nBUY +1 AAPL 100 17 JAN 25 145 PUT @2.00 LMT',
      multiple: true,
    });
  });
});

describe('thinkorswim ratio tickets', () => {
  test('a 1×2 call ratio spread, three units, is one BACKRATIO sold', () => {
    expect(tos('call_ratio_spread', [leg(call(150), 1, 2), leg(call(155), -2, 1.2)], 3)).toEqual({
      text: 'SELL -3 1/2 BACKRATIO AAPL 100 17 JAN 25 150/155 CALL @.40 LMT',
      multiple: false,
    });
  });

  test('a 1×3 put ratio spread lists the smaller leg first, a debit as a negative credit', () => {
    expect(tos('put_ratio_spread', [leg(put(140), -3, 0.5), leg(put(150), 1, 3)]).text).toBe(
      'SELL -1 1/3 BACKRATIO AAPL 100 17 JAN 25 150/140 PUT @-1.50 LMT',
    );
  });

  test('a back ratio bought: the larger leg bought', () => {
    expect(tos('call_ratio_spread', [leg(call(150), -1, 2), leg(call(155), 2, 1.2)]).text).toBe(
      'BUY +1 1/2 BACKRATIO AAPL 100 17 JAN 25 150/155 CALL @.40 LMT',
    );
  });

  test('a butterfly with unequal wings is one CUSTOM ticket, ratios signed from the first leg', () => {
    const legs = [leg(call(145), 1, 6.9), leg(call(150), -2, 4), leg(call(160), 1, 0.6)];
    expect(tos('call_butterfly', legs)).toEqual({
      text: 'BUY +1 1/-2/1 CUSTOM AAPL 100 17 JAN 25/17 JAN 25/17 JAN 25 145/150/160 CALL/CALL/CALL @-.50 LMT',
      multiple: false,
    });
  });

  test('a ratio of two expirations is one CUSTOM ticket', () => {
    const legs = [leg(call(150, FEB), 1, 4), leg(call(155), -2, 1)];
    expect(tos('call_ratio_spread', legs, 2).text).toBe(
      'BUY +2 1/-2 CUSTOM AAPL 100 21 FEB 25/17 JAN 25 150/155 CALL/CALL @2.00 LMT',
    );
  });
});

describe('thinkorswim series and sides', () => {
  const DEC = '2026-12-18';
  const WEEK = '2026-12-11';

  test('SPX and NDX monthlies carry the [AM] marker; their weeklies are (Weeklys)', () => {
    const spx = (strike: number, expiration: string) => call(strike, expiration, 'SPX');
    expect(tos('bull_call_spread', [leg(spx(6000, DEC), 1, 30), leg(spx(6050, DEC), -1, 10)]).text).toBe(
      'BUY +1 VERTICAL SPX 100 [AM] 18 DEC 26 6000/6050 CALL @20.00 LMT',
    );
    expect(tos('naked_put', [leg(put(21000, DEC, 'NDX'), -1, 150)]).text).toBe(
      'SELL -1 NDX 100 [AM] 18 DEC 26 21000 PUT @150.00 LMT',
    );
    expect(tos('bull_call_spread', [leg(spx(6000, WEEK), 1, 25), leg(spx(6050, WEEK), -1, 8)]).text).toBe(
      'BUY +1 VERTICAL SPX 100 (Weeklys) 11 DEC 26 6000/6050 CALL @17.00 LMT',
    );
    // Other monthlies carry no marker.
    expect(tos('long_call', [leg(call(600, DEC, 'SPY'), 1, 12)]).text).toBe(
      'BUY +1 SPY 100 18 DEC 26 600 CALL @12.00 LMT',
    );
  });

  test('a quarterly series is (Quarterlys)', () => {
    const Q = '2026-03-31';
    const legs = [
      leg(call(790, Q, 'SPY'), -1, 2.5),
      leg(call(800, Q, 'SPY'), 1, 1.2),
      leg(put(750, Q, 'SPY'), -1, 3.1),
      leg(put(740, Q, 'SPY'), 1, 2),
    ];
    expect(tos('iron_condor', legs, 1, { [Q]: 'quarterly' }).text).toBe(
      'SELL -1 IRON CONDOR SPY 100 (Quarterlys) 31 MAR 26 790/800/750/740 CALL/PUT @2.40 LMT',
    );
    const calendar = [leg(put(7520, Q, 'SPX'), 1, 70), leg(put(7520, '2026-03-27', 'SPX'), -1, 60)];
    expect(tos('put_calendar', calendar, 1, { [Q]: 'quarterly', '2026-03-27': 'weekly' }).text).toBe(
      'BUY +1 CALENDAR SPX 100 (Quarterlys) 31 MAR 26/27 MAR 26 7520 PUT @10.00 LMT',
    );
  });

  test('the June 2027 monthly, moved to Thursday by Juneteenth, is still the monthly', () => {
    const JUNE = '2027-06-17';
    const legs = [leg(call(650, JUNE, 'SPY'), 1, 9.4), leg(call(660, JUNE, 'SPY'), -1, 5.1)];
    expect(tos('bull_call_spread', legs, 1, { [JUNE]: 'monthly' }).text).toBe(
      'BUY +1 VERTICAL SPY 100 17 JUN 27 650/660 CALL @4.30 LMT',
    );
    const spx = [leg(call(7000, JUNE, 'SPX'), 1, 40), leg(call(7050, JUNE, 'SPX'), -1, 20)];
    expect(tos('bull_call_spread', spx, 1, { [JUNE]: 'monthly' }).text).toBe(
      'BUY +1 VERTICAL SPX 100 [AM] 17 JUN 27 7000/7050 CALL @20.00 LMT',
    );
  });

  test('the side follows the structure: a debit spread netting a credit is a BUY at a negative price', () => {
    expect(tos('bull_call_spread', [leg(call(150), 1, 1), leg(call(155), -1, 1.5)]).text).toBe(
      'BUY +1 VERTICAL AAPL 100 17 JAN 25 150/155 CALL @-.50 LMT',
    );
    expect(tos('bear_put_spread', [leg(put(140), -1, 2.5), leg(put(145), 1, 2)]).text).toBe(
      'BUY +1 VERTICAL AAPL 100 17 JAN 25 145/140 PUT @-.50 LMT',
    );
    // And a credit spread netting a debit is a SELL at a negative price.
    expect(tos('bear_call_spread', [leg(call(150), -1, 1), leg(call(155), 1, 1.5)]).text).toBe(
      'SELL -1 VERTICAL AAPL 100 17 JAN 25 150/155 CALL @-.50 LMT',
    );
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
