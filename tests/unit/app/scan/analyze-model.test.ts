import { describe, expect, test } from 'vitest';
import type { OptionChainRow } from '#api/market.ts';
import {
  FUNDAMENTAL_KEYS,
  factsOf,
  isAnalyzeTab,
  legExpirations,
  legLines,
  priceWindow,
  rowProfile,
  skewCurves,
  tradePath,
} from '#app/screens/scan/analyze/analyze-model.ts';
import { decodeTicket } from '#domain/orders/ticket.ts';
import { EXPIRATION, NOW_MS, SPREAD_ROW } from './scan-row-fixture.ts';

describe('the legs table', () => {
  test('one line per leg: side from the sign, quantity unsigned, bid-ask, IV in percent', () => {
    const [long, short] = legLines(SPREAD_ROW);
    expect(long).toMatchObject({
      type: 'Call',
      side: 'BUY',
      quantity: 1,
      strike: '150.00',
      price: '7.10 - 7.30',
    });
    expect(long?.iv).toBe('28.0%');
    expect(long?.openInterest).toBe('1,200');
    expect(short).toMatchObject({ side: 'SELL', quantity: 1, expiration: EXPIRATION });
  });

  test('a one-sided quote shows the one price; none shows a dash', () => {
    const leg = SPREAD_ROW.legs[0]!;
    const row = {
      ...SPREAD_ROW,
      legs: [
        { ...leg, bid: 0, ask: 1.5 },
        { ...leg, contract: 'X', bid: 0, ask: 0, iv: null, open_interest: null },
      ],
    };
    const [one, none] = legLines(row);
    expect(one?.price).toBe('1.50');
    expect(none).toMatchObject({ price: '—', iv: '—', openInterest: '—' });
  });
});

describe('facts', () => {
  test('formatted as the results table does, skipping what the row lacks', () => {
    const facts = factsOf(SPREAD_ROW.values, FUNDAMENTAL_KEYS);
    expect(facts.map((f) => f.key)).toEqual(['name', 'stock_last', 'market_cap', 'p_e']);
    expect(facts.find((f) => f.key === 'market_cap')?.text).toBe('$2.40T');
  });

  test('a fund or index without a sector shows the Sector fact as a dash', () => {
    const facts = factsOf({ name: 'SPDR S&P 500 ETF', sector_id: 0 }, FUNDAMENTAL_KEYS);
    expect(facts.map((f) => [f.title, f.text])).toEqual([
      ['Name', 'SPDR S&P 500 ETF'],
      ['Sector', '—'],
    ]);
  });
});

describe('the Trade ticket', () => {
  test('decodes to the strategy, the legs at their mids and size 1', () => {
    const path = tradePath(SPREAD_ROW, 'bull_call_spread');
    expect(path.startsWith('/order/open/')).toBe(true);
    expect(decodeTicket(path.slice('/order/open/'.length))).toEqual({
      strategy: 'bull_call_spread',
      legs: [
        { contractId: 'AAPL260220C150', quantity: 1, limitPrice: 7.2 },
        { contractId: 'AAPL260220C160', quantity: -1, limitPrice: 3 },
      ],
      size: 1,
    });
  });
});

describe('the P/L profile', () => {
  test('a bull call spread: max loss the debit below 150, max gain above 160, one breakeven', () => {
    const profile = rowProfile(SPREAD_ROW, NOW_MS);
    expect(profile).not.toBeNull();
    const pl = profile!.atHorizon;
    expect(pl[0]).toBeLessThan(0);
    expect(pl.at(-1)).toBeGreaterThan(0);
    expect(pl.at(-1)! - pl[0]!).toBeCloseTo(10, 6);
    expect(profile!.breakevens).toHaveLength(1);
    expect(profile!.atDates).toHaveLength(1);
  });

  test("options on a stock or ETF are valued as American before expiry, an index's as European (the row's type_id; a stock without it)", () => {
    // A long deep in-the-money put: early exercise is worth something (r > 0).
    const put = {
      ...SPREAD_ROW.legs[0]!,
      contract: 'AAPL260220P200',
      right: 'PUT' as const,
      strike: 200,
      bid: 48.5,
      ask: 49.5,
      iv: 0.3,
    };
    const row = (typeId?: number) => ({
      ...SPREAD_ROW,
      strategy: 'long_put',
      legs: [put],
      values: { ...SPREAD_ROW.values, ...(typeId === undefined ? {} : { type_id: typeId }) },
    });
    const today = (typeId?: number) => rowProfile(row(typeId), NOW_MS)!.atDates[0]!.pl;
    const stock = today(1);
    const index = today(3);
    // Deep in the money the American put is worth at least its exercise value, the European one less.
    const gap = stock.map((pl, i) => pl - index[i]!);
    expect(Math.min(...gap)).toBeGreaterThanOrEqual(-1e-9);
    expect(Math.max(...gap)).toBeGreaterThan(0.1);
    expect(today(2)).toEqual(stock);
    expect(today()).toEqual(stock);
  });

  test('null without a last price', () => {
    expect(rowProfile({ ...SPREAD_ROW, values: {} }, NOW_MS)).toBeNull();
  });
});

describe('the price chart window', () => {
  test.each([
    [0, null],
    [10, [0, 9]],
    [30, [0, 29]],
    [100, [70, 99]],
    [119, [89, 118]],
    [120, [89, 119]],
    [250, [89, 249]],
  ])('%i bars open on %j', (count, window) => {
    expect(priceWindow(count)).toEqual(window);
  });
});

describe('the options chart', () => {
  const option = (right: 'CALL' | 'PUT', expiration: string, strike: number, iv: number): OptionChainRow => ({
    option: { kind: 'option', underlying: 'AAPL', right, expiration, strike },
    id: `${expiration}${right}${strike}`,
    bid: 1,
    ask: 1.1,
    mid: 1.05,
    iv,
  });

  test('IV by strike per leg expiration, calls and puts averaged', () => {
    const chain = [
      option('CALL', EXPIRATION, 150, 0.3),
      option('PUT', EXPIRATION, 150, 0.32),
      option('CALL', EXPIRATION, 160, 0.26),
      option('CALL', '2026-03-20', 150, 0.5),
    ];
    const skew = skewCurves(chain, legExpirations(SPREAD_ROW));
    expect(skew?.strikes).toEqual([150, 160]);
    expect(skew?.curves).toHaveLength(1);
    expect(skew?.curves[0]?.iv[0]).toBeCloseTo(0.31, 10);
    expect(skew?.curves[0]?.iv[1]).toBeCloseTo(0.26, 10);
  });

  test('none of the expirations in the chain: null', () => {
    expect(skewCurves([], [EXPIRATION])).toBeNull();
  });
});

test('tab names', () => {
  expect(isAnalyzeTab('stock')).toBe(true);
  expect(isAnalyzeTab('chart')).toBe(false);
});
