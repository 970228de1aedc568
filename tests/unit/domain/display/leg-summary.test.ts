import { describe, expect, test } from 'vitest';
import { formatLegDate, legSummary } from '#domain/display/leg-summary.ts';
import { call, put, stock } from '../orders/fixtures.ts';

describe('leg dates DD-MMM-YY', () => {
  test.each([
    ['2025-01-17', '17-Jan-25'],
    ['2025-02-07', '07-Feb-25'],
    ['2030-12-31', '31-Dec-30'],
    ['2009-09-18', '18-Sep-09'],
  ])('%s → %s', (date, text) => {
    expect(formatLegDate(date)).toBe(text);
  });
});

describe('leg summary', () => {
  test('one expiration: the date once, no quantities when they are equal', () => {
    expect(
      legSummary([
        { contract: call(150), quantity: 1 },
        { contract: call(155), quantity: -1 },
      ]),
    ).toBe('17-Jan-25 BUY 150C, SELL 155C');
  });

  test('quantities when they differ', () => {
    expect(
      legSummary([
        { contract: put(152.5), quantity: 1 },
        { contract: put(145), quantity: -2 },
      ]),
    ).toBe('17-Jan-25 BUY 1 152.5P, SELL 2 145P');
  });

  test('several expirations: a date per leg', () => {
    expect(
      legSummary([
        { contract: call(150), quantity: -1 },
        { contract: call(150, '2025-02-21'), quantity: 1 },
      ]),
    ).toBe('17-Jan-25 SELL 150C, 21-Feb-25 BUY 150C');
  });

  test('stock legs show shares and symbol', () => {
    expect(
      legSummary([
        { contract: stock('AAPL'), quantity: 100 },
        { contract: call(150), quantity: -1 },
      ]),
    ).toBe('17-Jan-25 BUY 100 AAPL, SELL 150C');
    expect(legSummary([{ contract: stock('KO'), quantity: -200 }])).toBe('SELL 200 KO');
  });
});
