/**
 * Margin model (see margin.ts): CBOE/Reg-T strategy requirements, per share (× 100 per contract).
 * References: CBOE Margin Manual (2000), "Short puts or calls", "Spreads", "Short straddles",
 * "Iron condors"; hand computation on a $100 stock. Tolerance 1e-9.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { regTMargin } from '#domain/metrics/margin.ts';
import { analyzePL } from '#domain/metrics/pl-analysis.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import { arbLegs, BACK, call, put, shares, trade } from './fixtures.ts';

const margin = (legs: LegQuote[]) => {
  const pos = buildPosition(trade('custom', legs));
  return regTMargin(pos, -analyzePL(pos).minPL);
};

describe('Reg-T margin', () => {
  test('naked calls and puts: max(20% S − OTM, 10% S or K) + premium', () => {
    expect(margin([call(-1, 105, 2)])).toBeCloseTo(17, 9);
    expect(margin([call(-1, 95, 7)])).toBeCloseTo(27, 9);
    expect(margin([call(-1, 150, 0.1)])).toBeCloseTo(10.1, 9);
    expect(margin([put(-1, 95, 1.5)])).toBeCloseTo(16.5, 9);
    expect(margin([put(-2, 95, 1.5)])).toBeCloseTo(33, 9);
  });

  test('defined risk: spreads hold the width, long options and butterflies the debit, condors the wider wing', () => {
    expect(margin([put(-1, 100, 2.2), put(1, 95, 1)])).toBeCloseTo(5, 9);
    expect(margin([call(1, 100, 4), call(-1, 105, 2)])).toBeCloseTo(2, 9);
    expect(margin([call(1, 95, 7), call(-2, 100, 4), call(1, 105, 2)])).toBeCloseTo(1, 9);
    expect(margin([put(1, 85, 0.2), put(-1, 95, 1.5), call(-1, 105, 2), call(1, 110, 0.8)])).toBeCloseTo(
      10,
      9,
    );
    expect(margin([call(1, 100, 4)])).toBeCloseTo(4, 9);
  });

  test('covered: shares cover calls (0 extra), long back months cover short front months', () => {
    expect(margin([shares(100), call(-1, 105, 2)])).toBeCloseTo(98, 9);
    expect(margin([call(-1, 100, 4), call(1, 100, 5.6, BACK)])).toBeCloseTo(1.6, 9);
    // A long front month does not cover a short back month: the back call is naked.
    expect(margin([call(1, 100, 4), call(-1, 100, 5.6, BACK)])).toBeCloseTo(20 + 5.6, 9);
  });

  test('short straddles and strangles: the larger side plus the other side’s premium', () => {
    expect(margin([put(-1, 100, 3.5), call(-1, 100, 4)])).toBeCloseTo(27.5, 9);
    expect(margin([put(-1, 95, 1.5), call(-1, 105, 2)])).toBeCloseTo(18.5, 9);
  });

  test('short shares hold 150%; ratio spreads hold the uncovered calls', () => {
    expect(margin([shares(-100)])).toBeCloseTo(150, 9);
    expect(margin([call(1, 100, 4), call(-2, 105, 2)])).toBeCloseTo(17, 9);
  });

  test('never less than the debit paid', () => {
    fc.assert(
      fc.property(arbLegs({ stock: true }), (legs) => {
        const pos = buildPosition(trade('custom', legs));
        expect(regTMargin(pos, -analyzePL(pos).minPL)).toBeGreaterThanOrEqual(Math.max(pos.cost, 0) - 1e-12);
      }),
    );
  });
});
