import { describe, expect, test } from 'vitest';
import type { Leg } from '#domain/contracts/contract.ts';
import { legsLine, shortExpiration } from '#domain/display/leg-line.ts';

const option = (right: 'CALL' | 'PUT', expiration: string, strike: number, quantity: number): Leg => ({
  contract: { kind: 'option', underlying: 'AAPL', right, expiration, strike },
  quantity,
});

describe('legs line of a result or trade card', () => {
  test('a vertical spread: side, contracts, symbol, expiration with its year, strike and right', () => {
    expect(legsLine([option('CALL', '2026-12-19', 200, 1), option('CALL', '2026-12-19', 210, -1)])).toBe(
      "Buy 1 AAPL Dec 19 '26 200C · Sell 1 AAPL Dec 19 '26 210C",
    );
  });

  test('a covered call: the stock leg in shares, a half-dollar strike as quoted', () => {
    const legs: Leg[] = [
      { contract: { kind: 'stock', symbol: 'KO' }, quantity: 100 },
      {
        contract: { kind: 'option', underlying: 'KO', right: 'CALL', expiration: '2027-01-15', strike: 62.5 },
        quantity: -1,
      },
    ];
    expect(legsLine(legs)).toBe("Buy 100 KO · Sell 1 KO Jan 15 '27 62.5C");
  });

  test('a ratio put spread keeps each quantity; a single-digit day has no padding', () => {
    expect(legsLine([option('PUT', '2026-03-06', 150, 1), option('PUT', '2026-03-06', 140, -2)])).toBe(
      "Buy 1 AAPL Mar 6 '26 150P · Sell 2 AAPL Mar 6 '26 140P",
    );
    expect(shortExpiration('2030-10-01')).toBe("Oct 1 '30");
  });

  test('an expiration that is not a calendar date shows as given', () => {
    expect(shortExpiration('2026-02-30')).toBe('2026-02-30');
    expect(shortExpiration('soon')).toBe('soon');
  });
});
