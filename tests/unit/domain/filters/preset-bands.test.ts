import { expect, test } from 'vitest';
import {
  asContractDollars,
  asDays,
  asDollars,
  asNumber,
  asPercent,
  atLeast,
  atMost,
  between,
  signBands,
  within,
} from '#domain/filters/preset-bands.ts';

test('label formats', () => {
  expect(asPercent(0.005)).toBe('0.5%');
  expect(asPercent(0.07)).toBe('7%');
  expect(asPercent(-0.1)).toBe('−10%');
  expect(asDollars(1500)).toBe('$1,500');
  expect(asDollars(0.05)).toBe('$0.05');
  expect(asDollars(-2.5)).toBe('−$2.5');
  expect(asContractDollars(15)).toBe('$1,500');
  expect(asNumber(5_000_000)).toBe('5,000,000');
  expect(asDays(30)).toBe('30 days');
});

test('band builders', () => {
  expect(atLeast([0.5], asPercent)).toEqual([{ label: '≥ 50%', range: [0.5, null] }]);
  expect(atMost([3], asDollars)).toEqual([{ label: '≤ $3', range: [null, 3] }]);
  expect(within([0.02], asPercent)).toEqual([{ label: '±2%', range: [-0.02, 0.02] }]);
  expect(between([[7, 30]], asDays)).toEqual([{ label: '7 days – 30 days', range: [7, 30] }]);
  expect(signBands([0.1], asPercent).map((p) => p.label)).toEqual(['Up', 'Down', '≥ 10%', '≤ −10%']);
});
