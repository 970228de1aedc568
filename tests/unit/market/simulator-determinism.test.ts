import { expect, test } from 'vitest';
import type { MarketSnapshot } from '#server/market/snapshot.ts';
import { testMarket } from './market-fixture.ts';

/** Every byte of the snapshot's shared memory: static columns and both frames. */
function bytes(s: MarketSnapshot): Uint8Array[] {
  const b = s.buffers;
  return [
    b.optionStatic,
    ...b.optionLive,
    b.groupStatic,
    ...b.groupLive,
    b.underlyingStatic,
    ...b.underlyingLive,
  ].map((x) => new Uint8Array(x));
}

function sameBytes(a: Uint8Array[], b: Uint8Array[]): boolean {
  return a.length === b.length && a.every((x, i) => Buffer.compare(x, b[i] as Uint8Array) === 0);
}

test('the same seed and clock readings give byte-identical chains, also after ticks', () => {
  const a = testMarket({ symbols: ['SPY', 'AAPL', 'KO'] });
  const b = testMarket({ symbols: ['SPY', 'AAPL', 'KO'] });
  expect(sameBytes(bytes(a.market.snapshot()), bytes(b.market.snapshot()))).toBe(true);
  for (let i = 0; i < 5; i++) {
    a.step(1000);
    b.step(1000);
  }
  expect(sameBytes(bytes(a.market.snapshot()), bytes(b.market.snapshot()))).toBe(true);
  expect(a.market.optionChain('AAPL')).toEqual(b.market.optionChain('AAPL'));
});

test('another seed gives another market', () => {
  const a = testMarket({ symbols: ['AAPL'], seed: 1 });
  const b = testMarket({ symbols: ['AAPL'], seed: 2 });
  expect(sameBytes(bytes(a.market.snapshot()), bytes(b.market.snapshot()))).toBe(false);
  // Both still close the history at the reference last close.
  expect(a.market.bars('AAPL')?.at(-1)?.close).toBe(b.market.bars('AAPL')?.at(-1)?.close);
});

test("an underlying's history does not depend on the rest of the universe", () => {
  const alone = testMarket({ symbols: ['KO'] });
  const together = testMarket({ symbols: ['SPY', 'AAPL', 'KO'] });
  expect(alone.market.bars('KO')).toEqual(together.market.bars('KO'));
});
