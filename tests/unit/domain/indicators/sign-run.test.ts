import { expect, test } from 'vitest';
import { SignRun } from '#domain/indicators/sign-run.ts';

const runOf = (diffs: readonly number[]): SignRun => {
  const run = new SignRun();
  for (const d of diffs) run.push(d);
  return run;
};

test('a run that starts with the data is not a cross', () => {
  const run = runOf([Number.NaN, 1, 2, 3]);
  expect(run.signedLength()).toBe(3);
  expect(run.crossed).toBe(false);
  expect(run.crossedWithin(1, 100)).toBe(false);
});

test('a flip starts a crossed run; zero counts as below', () => {
  const run = runOf([1, 2, 0, -1, 0.5, 0.2]);
  expect(run.signedLength()).toBe(2);
  expect(run.crossedWithin(1, 1)).toBe(true);
  expect(run.crossedWithin(1, 0)).toBe(false);
  expect(run.crossedWithin(-1, 5)).toBe(false);
  expect(runOf([1, 0]).signedLength()).toBe(-1);
  expect(runOf([1, 0]).crossedWithin(-1, 0)).toBe(true);
});
