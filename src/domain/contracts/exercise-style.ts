/**
 * Exercise style of the options on an underlying. Options on stocks and exchange-traded funds are
 * American (the holder may exercise on any trading day and receives the shares); cash-settled
 * index options (SPX, NDX, RUT, VIX …) are European (exercised only at expiration, settled in cash).
 * The market prices each option by its style (docs/MARKET.md, "Option chains").
 */
import { UnderlyingKind } from '#domain/filters/sectors.ts';

export const ExerciseStyle = { American: 'AMERICAN', European: 'EUROPEAN' } as const;
export type ExerciseStyle = (typeof ExerciseStyle)[keyof typeof ExerciseStyle];

/** The exercise style of the options on an underlying of kind `kind` (1 stock, 2 ETF, 3 index). */
export const exerciseStyleOf = (kind: number): ExerciseStyle =>
  kind === UnderlyingKind.Index ? ExerciseStyle.European : ExerciseStyle.American;
