/**
 * Changing plan (spec 1 §3, §4). Upgrade if the new cycle is longer, or for equal cycles the
 * level is higher; any other change is a downgrade. An upgrade starts a new billing period
 * now and is charged at once, less a prorated credit for the unused part of the current
 * period; a downgrade costs nothing now and takes effect at the end of the current period.
 * Money is integer US cents.
 */
import { DomainError } from '../errors.ts';
import { addMonthsUtc } from './calendar.ts';
import { PLANS } from './plan-catalogue.ts';
import { type PlanId, planParts } from './plan-id.ts';

export const PlanChangeKind = { Upgrade: 'upgrade', Downgrade: 'downgrade', None: 'none' } as const;
export type PlanChangeKind = (typeof PlanChangeKind)[keyof typeof PlanChangeKind];

export function planChangeKind(from: PlanId, to: PlanId): PlanChangeKind {
  if (from === to) return PlanChangeKind.None;
  const a = planParts(from);
  const b = planParts(to);
  const upgrade = b.cycle > a.cycle || (b.cycle === a.cycle && b.level > a.level);
  return upgrade ? PlanChangeKind.Upgrade : PlanChangeKind.Downgrade;
}

export interface PlanChangeInput {
  readonly from: PlanId;
  readonly to: PlanId;
  /** The current paid period [start, end), epoch ms. */
  readonly periodStartMs: number;
  readonly periodEndMs: number;
  readonly nowMs: number;
  /** A promotion on the new plan's price, cents (0 without one). */
  readonly discountCents?: number;
}

export interface PlanChangePreview {
  readonly kind: Exclude<PlanChangeKind, 'none'>;
  /** Charged now, cents: newPlanPrice − discountAmount − deductAmount, never below 0. */
  readonly immediateChargeAmount: number;
  /** The new plan's price for one billing period, cents. */
  readonly newPlanPrice: number;
  readonly discountAmount: number;
  /** Prorated credit for the unused part of the current period, cents (0 for a downgrade). */
  readonly deductAmount: number;
  /** Epoch ms of the next charge: one new cycle from now for an upgrade, the period end for a downgrade. */
  readonly nextBillingDate: number;
}

/**
 * The prorated credit for the unused part of a paid period [start, end) at `nowMs`, cents:
 * round(price × unused / period), the unused time clamped to the period.
 */
export function unusedPeriodCredit(
  periodPriceCents: number,
  periodStartMs: number,
  periodEndMs: number,
  nowMs: number,
): number {
  const periodMs = periodEndMs - periodStartMs;
  if (!(periodMs > 0)) return 0;
  const unusedMs = Math.min(Math.max(periodEndMs - nowMs, 0), periodMs);
  return Math.round((periodPriceCents * unusedMs) / periodMs);
}

export function planChangePreview(input: PlanChangeInput): PlanChangePreview {
  const { from, to, periodStartMs, periodEndMs, nowMs, discountCents = 0 } = input;
  const kind = planChangeKind(from, to);
  if (kind === PlanChangeKind.None)
    throw new DomainError('BAD_REQUEST', { message: 'This is already your plan.' });
  if (!(periodEndMs > periodStartMs)) {
    throw new DomainError('BAD_REQUEST', { message: 'The billing period must end after it starts.' });
  }
  const newPlanPrice = PLANS[to].billedPriceCents;
  const discountAmount = Math.min(Math.max(0, Math.round(discountCents)), newPlanPrice);
  if (kind === PlanChangeKind.Downgrade) {
    return {
      kind,
      immediateChargeAmount: 0,
      newPlanPrice,
      discountAmount,
      deductAmount: 0,
      nextBillingDate: periodEndMs,
    };
  }
  const deductAmount = unusedPeriodCredit(PLANS[from].billedPriceCents, periodStartMs, periodEndMs, nowMs);
  return {
    kind,
    immediateChargeAmount: Math.max(0, newPlanPrice - discountAmount - deductAmount),
    newPlanPrice,
    discountAmount,
    deductAmount,
    nextBillingDate: addMonthsUtc(nowMs, planParts(to).cycle),
  };
}

/**
 * Where PROCEED leads (spec 1 §4): a PENDING_PLAN_CHANGE answer goes to the thank-you page in
 * 'pending' state, a change with nothing to charge now in 'immediate' state; otherwise the
 * charge is being processed and the page has no state.
 */
export function thankYouState(outcome: {
  readonly errorCode?: string | undefined;
  readonly immediateChargeAmount?: number | undefined;
}): 'pending' | 'immediate' | null {
  if (outcome.errorCode === 'PENDING_PLAN_CHANGE') return 'pending';
  return outcome.immediateChargeAmount === 0 ? 'immediate' : null;
}
