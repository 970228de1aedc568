/**
 * Position greeks are the weighted sums of the legs' BSM greeks; the position delta and gamma
 * match central differences of the position's model value (OTM legs, so the intrinsic floor is idle).
 */
import { describe, expect, test } from 'vitest';
import { legGreeks, positionGreeks } from '#domain/metrics/greeks.ts';
import { buildPosition, positionValue } from '#domain/metrics/position.ts';
import { bsGreeks } from '#domain/pricing/black-scholes.ts';
import { AS_OF, call, put, shares, trade } from './fixtures.ts';

describe('position greeks', () => {
  const pos = buildPosition(trade('collar', [shares(100), put(1, 95, 1.5), call(-1, 105, 2)]));
  const perLeg = pos.legs.map((l) => legGreeks(pos, l));
  const g = positionGreeks(pos, perLeg);

  test('sum of weight × leg greek; shares have delta 1', () => {
    const p = bsGreeks(false, 100, 95, 30 / 365, 0.04, 0, 0.3);
    const c = bsGreeks(true, 100, 105, 30 / 365, 0.04, 0, 0.3);
    expect(perLeg[0]!.delta).toBe(1);
    expect(g.delta).toBeCloseTo(1 + p.delta - c.delta, 12);
    expect(g.gamma).toBeCloseTo(p.gamma - c.gamma, 12);
    expect(g.theta).toBeCloseTo(p.theta - c.theta, 12);
    expect(g.vega).toBeCloseTo(p.vega - c.vega, 12);
    expect(g.rho).toBeCloseTo(p.rho - c.rho, 12);
  });

  test('delta and gamma are the slopes of the model value', () => {
    const h = 0.01;
    const v = (s: number) => positionValue(pos, s, AS_OF);
    expect(g.delta).toBeCloseTo((v(100 + h) - v(100 - h)) / (2 * h), 6);
    expect(g.gamma).toBeCloseTo((v(100 + h) - 2 * v(100) + v(100 - h)) / (h * h), 3);
  });
});
