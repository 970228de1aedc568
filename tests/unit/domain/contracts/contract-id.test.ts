import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Contract, Right } from '#domain/contracts/contract.ts';
import {
  formatContractId,
  optionId,
  parseContractId,
  UnknownContractError,
} from '#domain/contracts/contract-id.ts';
import { isStockSymbol } from '#domain/contracts/stock-symbol.ts';

const letters = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  minLength: 1,
  maxLength: 5,
});
const symbol = fc.array(letters, { minLength: 1, maxLength: 2 }).map((parts) => parts.join('.'));
const isoDate = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
// Strikes as listed: whole dollars, halves, and up to 3 decimals for adjusted contracts.
const strike = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }),
  fc.integer({ min: 1, max: 20_000 }).map((n) => n / 2),
  fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 1000),
);
const contract: fc.Arbitrary<Contract> = fc.oneof(
  symbol.map((s): Contract => ({ kind: 'stock', symbol: s })),
  fc
    .record({ underlying: symbol, right: fc.constantFrom<Right>('CALL', 'PUT'), expiration: isoDate, strike })
    .map((o): Contract => ({ kind: 'option', ...o })),
);

describe('contract ids', () => {
  test('parse the spec examples', () => {
    expect(parseContractId('BRK.B')).toEqual({ kind: 'stock', symbol: 'BRK.B' });
    expect(parseContractId('AAPL250117C150')).toEqual({
      kind: 'option',
      underlying: 'AAPL',
      right: 'CALL',
      expiration: '2025-01-17',
      strike: 150,
    });
    expect(parseContractId('SPY250620P432.5')).toEqual({
      kind: 'option',
      underlying: 'SPY',
      right: 'PUT',
      expiration: '2025-06-20',
      strike: 432.5,
    });
  });

  test('format then parse gives the contract back, and parse then format the id back', () => {
    fc.assert(
      fc.property(contract, (c) => {
        const id = formatContractId(c);
        expect(parseContractId(id)).toEqual(c);
        expect(formatContractId(parseContractId(id))).toBe(id);
      }),
      { numRuns: 1000 },
    );
  });

  test('print strikes without trailing zeros and normalise them on parse', () => {
    expect(optionId('SPY', 'PUT', '2025-06-20', 432.5)).toBe('SPY250620P432.5');
    expect(optionId('AAPL', 'CALL', '2025-01-17', 150)).toBe('AAPL250117C150');
    expect(formatContractId(parseContractId('SPY250620P432.50'))).toBe('SPY250620P432.5');
  });

  test.each([
    '',
    'aapl',
    'AAPL1',
    '.A',
    'A.',
    'A..B',
    'AAPL25011C150',
    'AAPL250117X150',
    'AAPL250117C',
    'AAPL250117C-5',
    'AAPL250117C1e3',
    'AAPL250117C150.',
    'AAPL250117C0',
    'AAPL250117C0.000',
    'AAPL250230C150',
    'AAPL251317C150',
    'AAPL250100C150',
    'AAPL250117C150 ',
  ])("reject %j with 'Unknown contract type.'", (id) => {
    expect(() => parseContractId(id)).toThrow(UnknownContractError);
    try {
      parseContractId(id);
    } catch (e) {
      expect((e as UnknownContractError).message).toBe('Unknown contract type.');
      expect((e as UnknownContractError).code).toBe('UNKNOWN_CONTRACT');
    }
  });

  test('accept leap days only in leap years', () => {
    expect(parseContractId('SPY240229C500')).toMatchObject({ expiration: '2024-02-29' });
    expect(() => parseContractId('SPY250229C500')).toThrow('Unknown contract type.');
  });

  test('refuse to format what they could not parse back', () => {
    expect(() => optionId('spy', 'CALL', '2025-01-17', 100)).toThrow(UnknownContractError);
    expect(() => optionId('SPY', 'CALL', '2025-02-30', 100)).toThrow(UnknownContractError);
    expect(() => optionId('SPY', 'CALL', '1999-12-17', 100)).toThrow(UnknownContractError);
    expect(() => optionId('SPY', 'CALL', '2025-01-17', 0)).toThrow(UnknownContractError);
    expect(() => formatContractId({ kind: 'stock', symbol: 'BRK-B' })).toThrow(UnknownContractError);
  });

  test('isStockSymbol accepts capital letters and dots only', () => {
    expect(isStockSymbol('BRK.B')).toBe(true);
    expect(isStockSymbol('SPY')).toBe(true);
    expect(isStockSymbol('Spy')).toBe(false);
    expect(isStockSymbol('SPY250117C1')).toBe(false);
    fc.assert(fc.property(symbol, (s) => isStockSymbol(s)));
  });
});
