import { expect, test } from 'vitest';
import { ExerciseStyle, exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { UnderlyingKind } from '#domain/filters/sectors.ts';

test('stock and ETF options are American, cash-settled index options European', () => {
  expect(exerciseStyleOf(UnderlyingKind.Stock)).toBe(ExerciseStyle.American);
  expect(exerciseStyleOf(UnderlyingKind.Etf)).toBe(ExerciseStyle.American);
  expect(exerciseStyleOf(UnderlyingKind.Index)).toBe(ExerciseStyle.European);
});
