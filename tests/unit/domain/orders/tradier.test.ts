import { describe, expect, test } from 'vitest';
import type { OrderLeg } from '#domain/orders/order-leg.ts';
import { tradierTradeUrl } from '#domain/orders/tradier.ts';
import { call, leg, put, stock } from './fixtures.ts';

const url = (strategy: string, legs: OrderLeg[], size = 1, closing = false) =>
  tradierTradeUrl({ strategy, legs, size, closing });
const decoded = (text: string) => decodeURIComponent(text);

describe('Tradier trade link', () => {
  test('a debit vertical', () => {
    expect(url('bull_call_spread', [leg(call(150), 1, 3.1), leg(call(155), -1, 1)])).toBe(
      'https://dash.tradier.com/trade?class=multileg&symbol=AAPL&duration=day&type=debit&price=2.10' +
        '&option_symbol%5B0%5D=AAPL250117C00150000&side%5B0%5D=buy_to_open&quantity%5B0%5D=1' +
        '&option_symbol%5B1%5D=AAPL250117C00155000&side%5B1%5D=sell_to_open&quantity%5B1%5D=1',
    );
  });

  test('a credit iron condor, two spreads', () => {
    const spy = (c: ReturnType<typeof call>) => ({ ...c, underlying: 'SPY', expiration: '2025-06-20' });
    const legs = [
      leg(spy(call(440)), -1, 1.4),
      leg(spy(call(445)), 1, 0.55),
      leg(spy(put(420)), -1, 1.1),
      leg(spy(put(415)), 1, 0.7),
    ];
    expect(decoded(url('iron_condor', legs, 2))).toBe(
      'https://dash.tradier.com/trade?class=multileg&symbol=SPY&duration=day&type=credit&price=1.25' +
        '&option_symbol[0]=SPY250620C00440000&side[0]=sell_to_open&quantity[0]=2' +
        '&option_symbol[1]=SPY250620C00445000&side[1]=buy_to_open&quantity[1]=2' +
        '&option_symbol[2]=SPY250620P00420000&side[2]=sell_to_open&quantity[2]=2' +
        '&option_symbol[3]=SPY250620P00415000&side[3]=buy_to_open&quantity[3]=2',
    );
  });

  test('a covered call is a combo with the stock leg unsymbolled', () => {
    expect(decoded(url('covered_call', [leg(stock('AAPL'), 100, 150), leg(call(150), -1, 1.5)]))).toBe(
      'https://dash.tradier.com/trade?class=combo&symbol=AAPL&duration=day&type=debit&price=148.50' +
        '&side[0]=buy&quantity[0]=100' +
        '&option_symbol[1]=AAPL250117C00150000&side[1]=sell_to_open&quantity[1]=1',
    );
  });

  test('closing a covered call sells the stock and buys the call back', () => {
    expect(
      decoded(url('covered_call', [leg(stock('AAPL'), -100, 160), leg(call(150), 1, 10.2)], 1, true)),
    ).toBe(
      'https://dash.tradier.com/trade?class=combo&symbol=AAPL&duration=day&type=credit&price=149.80' +
        '&side[0]=sell&quantity[0]=100' +
        '&option_symbol[1]=AAPL250117C00150000&side[1]=buy_to_close&quantity[1]=1',
    );
  });

  test('one leg is a limit order at its own price', () => {
    expect(decoded(url('long_put', [leg(put(140), -1, 0.95)], 3, true))).toBe(
      'https://dash.tradier.com/trade?class=option&symbol=AAPL&duration=day&type=limit&price=0.95' +
        '&option_symbol[0]=AAPL250117P00140000&side[0]=sell_to_close&quantity[0]=3',
    );
    expect(decoded(url('short_stock', [leg(stock('KO'), -100, 62.5)]))).toBe(
      'https://dash.tradier.com/trade?class=equity&symbol=KO&duration=day&type=limit&price=62.50&side[0]=sell_short&quantity[0]=100',
    );
    expect(decoded(url('short_stock', [leg(stock('KO'), 100, 61)], 1, true))).toContain(
      'side[0]=buy_to_cover',
    );
  });

  test('an even spread', () => {
    expect(url('bull_call_spread', [leg(call(150), 1, 1), leg(call(155), -1, 1)])).toContain(
      'type=even&price=0.00',
    );
  });

  test('SPX weeklies and quarterlies trade under SPXW, NDX ones under NDXP; the monthlies under the index', () => {
    const spx = (expiration: string) => ({ ...call(6000), underlying: 'SPX', expiration });
    const legs = (expiration: string) => [leg(spx(expiration), 1, 25)];
    expect(decoded(url('long_call', legs('2026-12-11')))).toBe(
      'https://dash.tradier.com/trade?class=option&symbol=SPX&duration=day&type=limit&price=25.00' +
        '&option_symbol[0]=SPXW261211C06000000&side[0]=buy_to_open&quantity[0]=1',
    );
    expect(decoded(url('long_call', legs('2026-12-18')))).toContain('option_symbol[0]=SPX261218C06000000&');
    const quarterly = tradierTradeUrl({
      strategy: 'long_call',
      legs: legs('2026-12-31'),
      size: 1,
      series: { '2026-12-31': 'quarterly' },
    });
    expect(decoded(quarterly)).toContain('option_symbol[0]=SPXW261231C06000000&');
    // The June 2027 monthly, moved to the Thursday: the AM-settled SPX series.
    const june = tradierTradeUrl({
      strategy: 'long_call',
      legs: legs('2027-06-17'),
      size: 1,
      series: { '2027-06-17': 'monthly' },
    });
    expect(decoded(june)).toContain('option_symbol[0]=SPX270617C06000000&');
    const ndx = [leg({ ...put(21000), underlying: 'NDX', expiration: '2026-12-11' }, -1, 90)];
    expect(decoded(url('naked_put', ndx))).toContain('option_symbol[0]=NDXP261211P21000000&');
  });

  test('custom strategies are refused', () => {
    expect(() => url('custom', [leg(call(150), 1, 1)])).toThrow(
      'This feature is not available for a custom strategy.',
    );
  });
});
