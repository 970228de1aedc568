import { describe, expect, test } from 'vitest';
import { legGreeks } from '#domain/metrics/greeks.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { premiumMetrics } from '#domain/metrics/premium.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import { BACK, call, put, trade } from './fixtures.ts';

const premium = (legs: LegQuote[]) => {
  const pos = buildPosition(trade('custom', legs));
  return premiumMetrics(
    pos,
    pos.legs.map((l) => legGreeks(pos, l)),
  );
};

describe('premium metrics', () => {
  test('a long ITM call: intrinsic 5 and extrinsic 2 of its 7', () => {
    const p = premium([call(1, 95, 7)]);
    expect(p.intrinsic_value).toBeCloseTo(5, 12);
    expect(p.extrinsic_value).toBeCloseTo(2, 12);
    expect(p.iv_ratio).toBeNull();
    expect(p.coverage_ratio).toBeNull();
  });

  test('a short ITM put is signed by what the seller receives', () => {
    const p = premium([put(-1, 105, 6)]);
    expect(p.intrinsic_value).toBeCloseTo(5, 12);
    expect(p.extrinsic_value).toBeCloseTo(1, 12);
  });

  test('a bull put credit spread: net time value received', () => {
    const p = premium([put(-1, 100, 2.2), put(1, 95, 1)]);
    expect(p.extrinsic_value).toBeCloseTo(1.2, 12);
    expect(p.coverage_ratio).toBeCloseTo(2.2 / 1, 12);
    expect(p.iv_ratio).toBeCloseTo(1, 12);
  });

  test('a calendar: sold vs bought IV, theta and premium', () => {
    const p = premium([call(-1, 100, 4, undefined, 0.36), call(1, 100, 5.6, BACK, 0.3)]);
    expect(p.iv_ratio).toBeCloseTo(1.2, 12);
    expect(p.coverage_ratio).toBeCloseTo(4 / 5.6, 12);
    expect(p.theta_ratio).toBeGreaterThan(1);
  });
});
