/**
 * The chain pricer computes the surface vol once per strike and writes it to the call and the put:
 * that relies on the layout listing every strike as a call row followed by its put row.
 */
import { expect, test } from 'vitest';
import { testMarket } from './market-fixture.ts';

test('every group lists call/put pairs of one strike that share the vol and the time to expiry', () => {
  const m = testMarket();
  m.step(90_000);
  const f = m.market.snapshot().front();
  const { options: o, groups: g } = f;
  let pairs = 0;
  for (let gi = 0; gi < g.start.length; gi++) {
    const a = g.start[gi] as number;
    const b = g.end[gi] as number;
    expect((b - a) % 2).toBe(0);
    for (let i = a; i < b; i += 2) {
      expect([o.right[i], o.right[i + 1]]).toEqual([1, 0]);
      expect(o.strike[i + 1]).toBe(o.strike[i]);
      expect(o.iv[i + 1]).toBe(o.iv[i]);
      expect(o.years[i + 1]).toBe(o.years[i]);
      expect(o.iv[i]).toBeGreaterThan(0);
      pairs++;
    }
  }
  expect(pairs * 2).toBe(o.strike.length);
});
