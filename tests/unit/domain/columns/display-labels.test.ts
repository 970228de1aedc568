import { expect, test } from 'vitest';
import {
  daysToExpirationLabel,
  expirationCycleLabel,
  humanizeCode,
  recommendationChangeLabel,
  recommendationLabel,
} from '#domain/columns/display-labels.ts';

test('analyst recommendation bands (spec 2 §9.4), boundaries included', () => {
  expect([1, 1.5, 1.51, 2.49, 2.5, 3.49, 3.5, 4.49, 4.5, 5].map(recommendationLabel)).toEqual([
    'Strong Buy',
    'Strong Buy',
    'Buy',
    'Buy',
    'Hold',
    'Hold',
    'Sell',
    'Sell',
    'Strong Sell',
    'Strong Sell',
  ]);
});

test('recommendation change', () => {
  expect(recommendationChangeLabel(0)).toBe('No change');
  expect(recommendationChangeLabel(0.004)).toBe('No change');
  expect(recommendationChangeLabel(-0.2)).toBe('Upgrade');
  expect(recommendationChangeLabel(0.3)).toBe('Downgrade');
});

test('days to expiration', () => {
  expect(daysToExpirationLabel(0)).toBe('expired');
  expect(daysToExpirationLabel(-1)).toBe('expired');
  expect(daysToExpirationLabel(0.25)).toBe('in 6 hours');
  expect(daysToExpirationLabel(0.01)).toBe('in 1 hour');
  expect(daysToExpirationLabel(1)).toBe('in 1 day');
  expect(daysToExpirationLabel(29.6)).toBe('in 30 days');
});

test('codes', () => {
  expect(humanizeCode('bull_put_spread')).toBe('Bull Put Spread');
  expect(humanizeCode('riskless_down', true)).toBe('Riskless down');
  expect(expirationCycleLabel('standard')).toBe('Monthly');
  expect(expirationCycleLabel('weekly')).toBe('Weekly');
});
