import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  MovingAverage,
  movingAverageAtEnd,
} from '../../../../../src/domain/filters/indicators/moving-average.ts';
import { emaNaive, randomWalk, smaNaive } from './series.ts';

test('SMA: NaN until the window fills, then the window mean', () => {
  const ma = new MovingAverage('sma', 3);
  expect([1, 2, 3, 4, 10].map((x) => ma.push(x))).toEqual([Number.NaN, Number.NaN, 2, 3, 17 / 3]);
});

test('EMA: seeded with the SMA, then α = 2 / (n + 1)', () => {
  const ma = new MovingAverage('ema', 3);
  // seed (1+2+3)/3 = 2; then 0.5 × 6 + 0.5 × 2 = 4
  expect([1, 2, 3, 6].map((x) => ma.push(x))).toEqual([Number.NaN, Number.NaN, 2, 4]);
});

test('property: streaming equals the naive windows', () => {
  fc.assert(
    fc.property(randomWalk(1, 120), fc.integer({ min: 1, max: 30 }), (close, length) => {
      const sma = new MovingAverage('sma', length);
      const ema = new MovingAverage('ema', length);
      const emaRef = emaNaive(close, length);
      close.forEach((c, t) => {
        const s = sma.push(c);
        const e = ema.push(c);
        if (t < length - 1) {
          expect(s).toBeNaN();
          expect(e).toBeNaN();
        } else {
          expect(s).toBeCloseTo(smaNaive(close, length, t), 8);
          expect(e).toBeCloseTo(emaRef[t]!, 8);
        }
      });
      const smaEnd = movingAverageAtEnd(close, 'sma', length);
      const emaEnd = movingAverageAtEnd(close, 'ema', length);
      if (close.length < length) {
        expect(smaEnd).toBeNaN();
        expect(emaEnd).toBeNaN();
      } else {
        expect(smaEnd).toBeCloseTo(smaNaive(close, length, close.length - 1), 8);
        expect(emaEnd).toBeCloseTo(emaRef[close.length - 1]!, 8);
      }
    }),
  );
});
