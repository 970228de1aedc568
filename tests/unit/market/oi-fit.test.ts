import { expect, test } from 'vitest';
import { type ClassSums, stepClass } from '#server/market/reference/oi-fit.ts';

const flat = (n: number, x: number) => new Array<number>(n).fill(x);
const sums = (over: Partial<ClassSums>): ClassSums => ({
  realU: flat(10, 0.1),
  simU: flat(10, 0.1),
  realT: flat(5, 0.2),
  simT: flat(5, 0.2),
  real: Math.log(4),
  sim: Math.log(4),
  ...over,
});

test('a round moves each bucket toward the real share, and holds far contracts to the real open interest per contract', () => {
  const c = { byU: flat(10, 1), byTerm: flat(6, 1) };
  const simU = flat(10, 0.1);
  simU[5] = 0.05; // too little open interest just out of the money
  stepClass(c, sums({ simU, sim: Math.log(2), real: Math.log(4) }), false);
  expect(c.byU[5]).toBeGreaterThan(c.byU[4] as number);
  // Far contracts too heavy (near/far 2 against a real 4): the far buckets lose, whatever the shares say.
  expect(c.byU[0]).toBeLessThan(c.byU[1] as number);
  expect(c.byU[9]).toBeLessThan(c.byU[8] as number);
  expect(c.byTerm).toEqual(flat(6, 1));
});

test('the final round only applies the hold on far contracts, by the whole gap', () => {
  const c = { byU: flat(10, 1), byTerm: flat(6, 1) };
  stepClass(c, sums({ sim: Math.log(2), real: Math.log(4) }), true);
  expect(c.byU[0]).toBeCloseTo(0.5, 12);
  expect(c.byU[9]).toBeCloseTo(0.5, 12);
  expect(c.byU.slice(1, 9)).toEqual(flat(8, 1));
  const light = { byU: flat(10, 1), byTerm: flat(6, 1) };
  stepClass(light, sums({ sim: Math.log(8), real: Math.log(4) }), true);
  expect(light.byU).toEqual(flat(10, 1));
});
