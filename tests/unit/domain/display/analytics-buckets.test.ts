import { describe, expect, test } from 'vitest';
import { daysLeftBucket, scanCountBucket } from '#domain/display/analytics-buckets.ts';

describe('analytics buckets (spec 1 §9)', () => {
  test('scan counts 0 to 4, then 5+', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 120].map(scanCountBucket)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5+',
      '5+',
      '5+',
    ]);
  });

  test('days left at the milestones', () => {
    expect([0, 1, 2, 3, 4, 7, 8, 13, 14, 30].map(daysLeftBucket)).toEqual([
      '<=1',
      '<=1',
      '<=3',
      '<=3',
      '<=7',
      '<=7',
      null,
      null,
      '>=14',
      '>=14',
    ]);
  });
});
