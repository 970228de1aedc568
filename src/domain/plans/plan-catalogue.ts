/**
 * Plan names and prices (spec 1 §9). Prices are integer US cents; the list price is per
 * month and a yearly plan is billed 12 months at once. Tax is not included.
 */
import { BillingCycle, PLAN_IDS, type PlanId, PlanLevel, planIdOf, planParts } from './plan-id.ts';

export interface Plan {
  readonly planId: PlanId;
  readonly level: PlanLevel;
  readonly cycle: BillingCycle;
  /** 'Beginner' or 'Advanced'. */
  readonly levelName: string;
  /** 'Monthly' or 'Yearly'. */
  readonly cycleName: string;
  /** 'Advanced Yearly'. */
  readonly name: string;
  /** List price per month, cents. */
  readonly monthlyPriceCents: number;
  /** What one billing period costs, cents: monthly price × cycle months. */
  readonly billedPriceCents: number;
}

const LEVEL_NAMES = { [PlanLevel.Beginner]: 'Beginner', [PlanLevel.Advanced]: 'Advanced' } as const;
const CYCLE_NAMES = { [BillingCycle.Monthly]: 'Monthly', [BillingCycle.Yearly]: 'Yearly' } as const;

/** USD cents per month (spec 1 §9: 49, 39, 75, 59). */
const MONTHLY_PRICE_CENTS: Readonly<Record<PlanId, number>> = { 1: 4900, 12: 3900, 101: 7500, 112: 5900 };

function planOf(planId: PlanId): Plan {
  const { level, cycle } = planParts(planId);
  const monthlyPriceCents = MONTHLY_PRICE_CENTS[planId];
  return {
    planId,
    level,
    cycle,
    levelName: LEVEL_NAMES[level],
    cycleName: CYCLE_NAMES[cycle],
    name: `${LEVEL_NAMES[level]} ${CYCLE_NAMES[cycle]}`,
    monthlyPriceCents,
    billedPriceCents: monthlyPriceCents * cycle,
  };
}

export const PLANS: Readonly<Record<PlanId, Plan>> = Object.freeze(
  Object.fromEntries(PLAN_IDS.map((id) => [id, Object.freeze(planOf(id))])) as Record<PlanId, Plan>,
);

/**
 * What the yearly plan of `level` saves against paying monthly, as a fraction
 * (Beginner 10/49 ≈ 0.204, Advanced 16/75 ≈ 0.213: the pricing page's 'save up to 20%').
 */
export function yearlySaving(level: PlanLevel): number {
  const monthly = PLANS[planIdOf(level, BillingCycle.Monthly)].monthlyPriceCents;
  const yearly = PLANS[planIdOf(level, BillingCycle.Yearly)].monthlyPriceCents;
  return (monthly - yearly) / monthly;
}
