import { expect, test } from 'vitest';
import { Rng, rngFor, streamSeed } from '#server/market/rng.ts';

test('a named stream is reproducible and streams differ', () => {
  const a = rngFor(7, 'AAPL', 'history');
  const b = rngFor(7, 'AAPL', 'history');
  const c = rngFor(7, 'MSFT', 'history');
  const xs = Array.from({ length: 5 }, () => a.uint32());
  expect(Array.from({ length: 5 }, () => b.uint32())).toEqual(xs);
  expect(Array.from({ length: 5 }, () => c.uint32())).not.toEqual(xs);
  expect(streamSeed(7, 'a', 1)).not.toBe(streamSeed(7, 'a1'));
});

test('uniforms and normals have the right first two moments (n = 200,000, 5σ bounds)', () => {
  const r = new Rng(12345);
  const n = 200_000;
  let su = 0;
  let sn = 0;
  let sn2 = 0;
  let outOfRange = 0;
  for (let i = 0; i < n; i++) {
    const u = r.next();
    if (!(u >= 0 && u < 1)) outOfRange++;
    su += u;
    const z = r.normal();
    sn += z;
    sn2 += z * z;
  }
  expect(outOfRange).toBe(0);
  expect(Math.abs(su / n - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / n));
  expect(Math.abs(sn / n)).toBeLessThan(5 / Math.sqrt(n));
  expect(Math.abs(sn2 / n - 1)).toBeLessThan(5 * Math.sqrt(2 / n));
});

test('pick follows the weights', () => {
  const r = new Rng(1);
  let a = 0;
  for (let i = 0; i < 10_000; i++) if (r.pick(['a', 'b'], [3, 1]) === 'a') a++;
  expect(a / 10_000).toBeGreaterThan(0.72);
  expect(a / 10_000).toBeLessThan(0.78);
});
