/**
 * Return on investment of a position (spec 3 §3).
 * - Invested capital: the initial margin when the position has one (credit trades), else the
 *   debit paid to open it. With neither, ROI is undefined (null).
 * - ROI = P/L ÷ invested capital, as a fraction.
 * - Annualized ROI = ROI × 365 ÷ days held, with days held = (close, or as-of while open,
 *   − open) in days, fractional, and at least 1 so a same-day trade is not blown up.
 */
import { DAY_MS } from '../plans/calendar.ts';

export const MIN_DAYS_HELD = 1;

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
  return Math.max(MIN_DAYS_HELD, (endMs - openMs) / DAY_MS);
}

export function annualizedRoi(roiValue: number | null, openMs: number, endMs: number): number | null {
  return roiValue === null ? null : (roiValue * 365) / daysHeld(openMs, endMs);
}
