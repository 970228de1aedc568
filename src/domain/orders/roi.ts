/**
 * Return on investment of a position (spec 3 §3).
 * - Invested capital: the initial margin when the position has one (credit trades), else the
 *   debit paid to open it. With neither, ROI is undefined (null).
 * - ROI = P/L ÷ invested capital, as a fraction.
 * - Annualized ROI = ROI × 365 ÷ days held, with days held = (close, or as-of while open,
 *   − open) in fractional days. It is given only from MIN_DAYS_ANNUALIZED days held: scaling a
 *   few minutes' or days' move to a year says nothing about the trade (a −69% mark one day after
 *   the open reads −25,216%), so before that it is null and shown as '—'.
 */
import { DAY_MS } from '../plans/calendar.ts';

/** Days a position must be held before its ROI is annualized. */
export const MIN_DAYS_ANNUALIZED = 7;

export function investedCents(position: {
  /** The opening order's account effect, cents; − for a debit. */
  readonly openingEffectCents: number;
  readonly initialMarginCents: number | null;
}): number | null {
  if (position.initialMarginCents !== null && position.initialMarginCents > 0)
    return position.initialMarginCents;
  return position.openingEffectCents < 0 ? -position.openingEffectCents : null;
}

export function roi(plCents: number, invested: number | null): number | null {
  return invested === null || invested <= 0 ? null : plCents / invested;
}

export function daysHeld(openMs: number, endMs: number): number {
  return Math.max(0, (endMs - openMs) / DAY_MS);
}

export function annualizedRoi(roiValue: number | null, openMs: number, endMs: number): number | null {
  const days = daysHeld(openMs, endMs);
  return roiValue === null || days < MIN_DAYS_ANNUALIZED ? null : (roiValue * 365) / days;
}
