import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import { occSymbol } from '#domain/orders/occ-symbol.ts';
import { call, option, put } from './fixtures.ts';

describe('OCC symbols', () => {
  test('root padded to 6, yyMMdd, C/P, strike × 1000 in 8 digits', () => {
    expect(occSymbol(call(150))).toBe('AAPL  250117C00150000');
    expect(occSymbol(put(420, '2025-06-20', 'SPY'))).toBe('SPY   250620P00420000');
    expect(occSymbol(put(152.5, '2026-08-06', 'GOOGL'))).toBe('GOOGL 260806P00152500');
    expect(occSymbol(call(3.5, '2025-03-07', 'F'))).toBe('F     250307C00003500');
    expect(occSymbol(call(5800, '2025-12-19', 'SPXW'))).toBe('SPXW  251219C05800000');
  });

  test('unpadded form and class dots', () => {
    expect(occSymbol(call(150), { padded: false })).toBe('AAPL250117C00150000');
    expect(occSymbol(option('BRK.B', '2025-01-17', 480, 'CALL'))).toBe('BRKB  250117C00480000');
  });

  test('refuses what OCC cannot write', () => {
    expect(() => occSymbol(call(150, '2025-01-17', 'TOOLONGX'))).toThrow(DomainError);
    expect(() => occSymbol(call(100_000))).toThrow(DomainError);
    expect(() => occSymbol(call(0))).toThrow(DomainError);
    expect(() => occSymbol(call(150, '2025-02-30'))).toThrow(DomainError);
  });
});
