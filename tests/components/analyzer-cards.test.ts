/**
 * What the analyzer's cards and charts show (spec 3 §2): the one-line leg summary, the metrics,
 * the order ticket, the ranking by the slider, the shaded region, and how parallel runs combine
 * (spec 3 §8).
 */
import { describe, expect, test } from 'vitest';
import { ApiRequestError } from '#app/api/client.ts';
import { futureTimes, historyBars, regionSpans } from '#app/screens/analyzer/chart-model.ts';
import { cardMetrics, legSummary, scenarioCards, tradePath } from '#app/screens/analyzer/result-cards.ts';
import { runOutcome } from '#app/screens/analyzer/run-outcome.ts';
import { shortDate } from '#app/screens/analyzer/short-date.ts';
import { decodeTicket } from '#domain/orders/ticket.ts';
import { tradeOf } from './analyzer-fixtures.ts';

const option = (right: 'CALL' | 'PUT', strike: number, quantity: number, expiration = '2026-12-18') => ({
  contract: { kind: 'option' as const, underlying: 'SPY', right, expiration, strike },
  contractId: 'x',
  quantity,
  price: 1,
});

describe('leg summary', () => {
  test('dates as DD-MMM-YY', () => {
    expect(shortDate('2026-12-18')).toBe('18-DEC-26');
    expect(shortDate('2027-01-08')).toBe('08-JAN-27');
    expect(shortDate('2027-02-30')).toBe('2027-02-30');
  });

  test('one date for legs that share it, no quantity when the legs have the same', () => {
    expect(legSummary([option('PUT', 700, 1), option('PUT', 690, -1)])).toBe(
      '18-DEC-26 BUY 700 P · SELL 690 P',
    );
  });

  test('quantities when they differ, each date when they differ, stock as shares', () => {
    expect(legSummary([option('CALL', 700, 1), option('CALL', 710, -2), option('CALL', 720, 1)])).toBe(
      '18-DEC-26 BUY 1 700 C · SELL 2 710 C · BUY 1 720 C',
    );
    expect(legSummary([option('CALL', 700, -1), option('CALL', 700, 1, '2027-01-15')])).toBe(
      '18-DEC-26 SELL 700 C · 15-JAN-27 BUY 700 C',
    );
    expect(
      legSummary([
        { contract: { kind: 'stock', symbol: 'SPY' }, contractId: 'SPY', quantity: 100, price: 700 },
        option('CALL', 712.5, -1),
      ]),
    ).toBe('BUY 100 shares · 18-DEC-26 SELL 712.5 C');
  });
});

describe('cards', () => {
  test('metrics: Return, Risk, Expected P/L (P/L for stock), Prob. Profit with a dash when absent', () => {
    expect(cardMetrics(tradeOf('long_call', 5))).toEqual([
      { label: 'Return', text: '55.0%' },
      { label: 'Risk', text: '$1,240' },
      { label: 'Expected P/L', text: '$650' },
      { label: 'Prob. Profit', text: '50.0%' },
    ]);
    // Under $100, cents: a near-riskless trade does not read as '$0'.
    const tiny = cardMetrics({ ...tradeOf('bull_put_spread', 0), risk: 0.41, expectedPl: 61.237 });
    expect(tiny.map((m) => m.text).slice(1, 3)).toEqual(['$0.41', '$61.24']);
    const stock = { ...tradeOf('short_stock', 0), probProfit: Number.NaN, riskKind: 'margin' as const };
    expect(cardMetrics(stock).map((m) => m.label)).toEqual([
      'Return',
      'Risk (margin)',
      'P/L',
      'Prob. Profit',
    ]);
    expect(cardMetrics(stock)[3]?.text).toBe('—');
  });

  test('the trade action opens a new order of the trade’s legs at the run’s fills', () => {
    const path = tradePath({
      ...tradeOf('long_call', 2),
      legs: [{ ...option('CALL', 200, 1), contractId: 'AAPL261218C200', price: 10.456 }],
    });
    expect(path.startsWith('/order/open/')).toBe(true);
    expect(decodeTicket(path.slice('/order/open/'.length))).toEqual({
      strategy: 'long_call',
      legs: [{ contractId: 'AAPL261218C200', quantity: 1, limitPrice: 10.46 }],
      size: 1,
    });
  });

  test('the slider picks each strategy’s slot and ranks by return, then by probability of profit', () => {
    const result = (strategy: 'long_call' | 'bull_call_spread', ret: number, prob: number) => ({
      strategy,
      slots: Array.from({ length: 10 }, (_, slot) => ({
        ...tradeOf(strategy, slot),
        return: ret + slot,
        probProfit: prob - slot / 100,
      })),
      candidates: 10,
      frontier: 10,
    });
    const results = [result('long_call', 1, 0.3), result('bull_call_spread', 0.5, 0.6)];
    expect(scenarioCards(results, 0).map((c) => c.key)).toEqual(['long_call', 'bull_call_spread']);
    expect(scenarioCards(results, 9).map((c) => c.key)).toEqual(['bull_call_spread', 'long_call']);
    expect(scenarioCards(results, 3)[0]?.trade?.return).toBe(4);
    // A strategy with no trade has no card.
    expect(scenarioCards([{ ...results[0]!, slots: [] }], 5)).toEqual([]);
  });
});

describe('charts', () => {
  test('the view’s region within the chart', () => {
    expect(regionSpans({ behavior: 'abovePrice', value: 210 }, 150, 250)).toEqual([[210, 250]]);
    expect(regionSpans({ behavior: 'belowPrice', value: 260 }, 150, 250)).toEqual([[150, 250]]);
    expect(regionSpans({ behavior: 'insideRange', from: 180, to: 220 }, 150, 250)).toEqual([[180, 220]]);
    expect(regionSpans({ behavior: 'outsideRange', from: 180, to: 220 }, 150, 250)).toEqual([
      [150, 180],
      [220, 250],
    ]);
    expect(regionSpans({ behavior: 'abovePrice', value: 300 }, 150, 250)).toEqual([]);
  });

  test('the history shown is three times the sessions to D, 60 to 250 of them', () => {
    const day = 86_400;
    expect(historyBars(0, null)).toBe(250);
    expect(historyBars(0, 21 * day)).toBe(60);
    expect(historyBars(0, 73 * day)).toBe(151);
    expect(historyBars(0, 400 * day)).toBe(250);
  });

  test('the days to D, thinned to 120 points at most', () => {
    expect(futureTimes(0, 3 * 86_400)).toEqual([86_400, 2 * 86_400, 3 * 86_400]);
    const long = futureTimes(0, 700 * 86_400);
    expect(long.length).toBeLessThanOrEqual(121);
    expect(long.at(-1)).toBe(700 * 86_400);
    expect(futureTimes(10, 5)).toEqual([]);
  });
});

describe('parallel runs (spec 3 §8)', () => {
  const timeout = new ApiRequestError(
    504,
    'TIMEOUT',
    'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
  );
  const abort = new DOMException('The operation was aborted.', 'AbortError');

  test('answers as they come, counted', () => {
    expect(runOutcome([{ status: 'done', answer: 1 }, { status: 'running' }])).toEqual({
      finished: 1,
      total: 2,
      answers: [1],
      error: null,
    });
  });

  test('all failed: the failure’s message; some answered: the failures are ignored', () => {
    expect(
      runOutcome([
        { status: 'failed', error: timeout },
        { status: 'failed', error: timeout },
      ]).error,
    ).toBe(timeout.message);
    expect(
      runOutcome([
        { status: 'failed', error: timeout },
        { status: 'done', answer: 1 },
      ]).error,
    ).toBeNull();
  });

  test('aborts say nothing', () => {
    expect(runOutcome([{ status: 'failed', error: abort }]).error).toBeNull();
  });
});
