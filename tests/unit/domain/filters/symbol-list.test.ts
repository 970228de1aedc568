import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseSymbolList } from '#domain/filters/symbol-list.ts';

test('splits on commas, semicolons and whitespace; upper-cases; de-duplicates', () => {
  expect(parseSymbolList('aapl,msft; tsla\tnvda\n aapl')).toEqual(['AAPL', 'MSFT', 'TSLA', 'NVDA']);
  expect(parseSymbolList(['brk.b spy', 'Spy'])).toEqual(['BRK.B', 'SPY']);
});

test('empty becomes null', () => {
  expect(parseSymbolList('')).toBeNull();
  expect(parseSymbolList(' ,;; \n')).toBeNull();
  expect(parseSymbolList([])).toBeNull();
  expect(parseSymbolList(null)).toBeNull();
  expect(parseSymbolList(undefined)).toBeNull();
});

const symbolText = fc
  .array(fc.oneof(fc.constantFrom(',', ';', ' ', '\t', '\n', 'a', 'B', '.', '-', '1', 'x', 'Z')), {
    maxLength: 40,
  })
  .map((cs) => cs.join(''));

test('property: idempotent, upper-case, no duplicates, no empties, no separators', () => {
  fc.assert(
    fc.property(fc.oneof(symbolText, fc.string()), (text) => {
      const once = parseSymbolList(text);
      if (once === null) return;
      expect(parseSymbolList(once.join(','))).toEqual(once);
      expect(parseSymbolList(once)).toEqual(once);
      expect(new Set(once).size).toBe(once.length);
      for (const s of once) {
        expect(s).not.toBe('');
        expect(s).toBe(s.toUpperCase());
        expect(s).not.toMatch(/[,;\s]/);
      }
    }),
  );
});
