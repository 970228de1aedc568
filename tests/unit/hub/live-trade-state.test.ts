/**
 * A trade's live values from a market frame: which fields a registration gets, scenario lists that
 * keep their positions, trades the market cannot place, and what counts as a change.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIRECTION_FIELDS, LIVE_TRADE_FIELDS, type LiveTradeSpec } from '#api/hub.ts';
import { columnByName } from '#domain/columns/column-catalogue.ts';
import { LiveMarket } from '#server/hub/live-market.ts';
import {
  liveFieldsOf,
  marketInputs,
  quantize,
  resolveTrade,
  sameInputs,
  stateChange,
  type TradeState,
  tradeState,
} from '#server/hub/live-trade-state.ts';
import { type TestMarket, testMarket } from '../market/market-fixture.ts';

let fixture: TestMarket;
let live: LiveMarket;
let spread: LiveTradeSpec;
beforeAll(() => {
  fixture = testMarket({ hours: 'always', symbols: ['SPY', 'KO'] });
  const { market } = fixture;
  live = new LiveMarket(market.snapshot(), market.riskFreeRate());
  const chain = market.optionChain('KO')!;
  const exp = chain.expirations.find((e) => e.daysToExpiry > 20)!.date;
  const puts = chain.options.filter((o) => o.contract.expiration === exp && o.contract.right === 'PUT');
  const i = puts.findIndex((o) => o.contract.strike >= chain.spot);
  spread = {
    id: 'bull put',
    strategy: 'bull_put_spread',
    legs: [
      { contract: puts[i - 3]!.id, quantity: 1 },
      { contract: puts[i - 1]!.id, quantity: -1 },
    ],
  };
});
afterAll(() => fixture.market.close());

test('every live field is a datapoint of the column catalogue', () => {
  for (const name of LIVE_TRADE_FIELDS) expect(columnByName(name), name).toBeDefined();
});

test('a registration gets the live fields it shows plus the direction fields, in catalogue order', () => {
  expect(liveFieldsOf(null)).toEqual(LIVE_TRADE_FIELDS);
  expect(liveFieldsOf(['rsi', 'prob_profit', 'underlying'])).toEqual([...DIRECTION_FIELDS, 'prob_profit']);
});

describe('placing a trade', () => {
  test('legs on one underlying, every option listed', () => {
    const trade = resolveTrade(live, spread)!;
    expect(trade.u).toBe(live.underlyingRow('KO'));
    expect(trade.legs.map((l) => l.row >= 0)).toEqual([true, true]);
    expect(resolveTrade(live, { ...spread, legs: [{ contract: 'KO', quantity: 100 }] })!.legs[0]!.row).toBe(
      -1,
    );
  });

  test('an unlisted option, an unknown symbol, a bad id or two underlyings cannot be placed', () => {
    const bad = (contract: string) =>
      resolveTrade(live, { ...spread, legs: [...spread.legs, { contract, quantity: 1 }] });
    expect(bad('KO990101P1')).toBeUndefined();
    expect(bad('ZZZZ')).toBeUndefined();
    expect(bad('KO2601')).toBeUndefined();
    expect(bad('SPY')).toBeUndefined();
  });
});

describe('values', () => {
  test('scenario lists keep the positions of the registration, null where a scenario is empty', () => {
    const trade = resolveTrade(live, spread)!;
    const state = tradeState(
      live.view(),
      trade,
      0,
      [null, { amount: -0.05, unit: 'pct' }, null, { amount: 0.05, unit: 'pct' }],
      LIVE_TRADE_FIELDS,
    )!;
    const pl = state.values.shift_pl as (number | null)[];
    expect(pl).toHaveLength(4);
    expect(pl[0]).toBeNull();
    expect(pl[2]).toBeNull();
    // A bull put spread loses when the stock falls and gains when it rises.
    expect(pl[1]!).toBeLessThan(pl[3]!);
    expect(state.values.leg_bid).toHaveLength(2);
    expect(state.legs.map((l) => l.contract)).toEqual(spread.legs.map((l) => l.contract));
    // Numbers are finite or null: every row survives JSON.
    expect(JSON.parse(JSON.stringify(state.values))).toEqual(state.values);
  });

  test('the bid/ask level moves the fill, not the quote', () => {
    const trade = resolveTrade(live, spread)!;
    const view = live.view();
    const at = (level: number) => tradeState(view, trade, level, [], LIVE_TRADE_FIELDS)!.values;
    expect(at(0.5).mid).toBe(at(-0.5).mid);
    expect(at(0.5).return_acquisition).not.toBe(at(-0.5).return_acquisition);
  });
});

describe('changes', () => {
  const state = (values: TradeState['values'], bid = 1): TradeState => ({
    values,
    legs: [{ contract: 'KO', quantity: 100, bid, ask: 2, iv: null, delta: 1 }],
  });

  test('only values that differ, lists compared element by element; legs only when a quote moved', () => {
    const before = state({ bid: 1, mid: 2, breakeven: [50, 60], shift_pl: [null, 1] });
    expect(
      stateChange(before, state({ bid: 1, mid: 2, breakeven: [50, 60], shift_pl: [null, 1] })),
    ).toBeNull();
    expect(stateChange(before, state({ bid: 1, mid: 3, breakeven: [50, 61], shift_pl: [null, 1] }))).toEqual({
      values: { mid: 3, breakeven: [50, 61] },
      legs: null,
    });
    const moved = stateChange(
      before,
      state({ bid: 1, mid: 2, breakeven: [50, 60], shift_pl: [null, 1] }, 1.5),
    );
    expect(moved?.values).toEqual({});
    expect(moved?.legs?.[0]?.bid).toBe(1.5);
    expect(
      stateChange(before, state({ bid: null, mid: 2, breakeven: [50], shift_pl: [null, 1] }))?.values,
    ).toEqual({
      bid: null,
      breakeven: [50],
    });
  });
});

describe('market inputs', () => {
  test('the same frame gives the same inputs; a market that moved gives others', () => {
    const trade = resolveTrade(live, spread)!;
    const before = marketInputs(live.view(), trade);
    expect(sameInputs(before, marketInputs(live.view(), trade))).toBe(true);
    expect(before).toHaveLength(2 + 3 * 2);
    fixture.step(3_600_000);
    fixture.market.advance();
    expect(sameInputs(before, marketInputs(live.view(), trade))).toBe(false);
  });
});

test('pushed numbers are kept to 1e-5: cents stay exact, float noise and invisible digits go', () => {
  expect(quantize(0.5700000000000001)).toBe(0.57);
  expect(quantize(21_000.55)).toBe(21_000.55);
  expect(quantize(0.570364)).toBe(0.57036);
  expect(quantize(-0.000001)).toBe(0);
  expect(Object.is(quantize(-0.000001), -0)).toBe(false);
  expect(quantize(Number.NaN)).toBeNull();
  expect(quantize(Number.POSITIVE_INFINITY)).toBeNull();
});
