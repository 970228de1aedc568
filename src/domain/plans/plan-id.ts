/**
 * Plan ids (spec 1 §3): planId = level × 100 + cycle, with level 0 Beginner or 1 Advanced and
 * cycle 1 (monthly) or 12 (yearly), so the only ids are 1, 12, 101 and 112.
 */

export const PlanLevel = { Beginner: 0, Advanced: 1 } as const;
export type PlanLevel = (typeof PlanLevel)[keyof typeof PlanLevel];

/** Billing cycle in months. */
export const BillingCycle = { Monthly: 1, Yearly: 12 } as const;
export type BillingCycle = (typeof BillingCycle)[keyof typeof BillingCycle];

export type PlanId = 1 | 12 | 101 | 112;
export const PLAN_IDS: readonly PlanId[] = [1, 12, 101, 112];

export interface PlanParts {
  readonly planId: PlanId;
  readonly level: PlanLevel;
  readonly cycle: BillingCycle;
}

export function isValidPlanId(value: unknown): value is PlanId {
  return typeof value === 'number' && (PLAN_IDS as readonly number[]).includes(value);
}

export function planIdOf(level: PlanLevel, cycle: BillingCycle): PlanId {
  return (level * 100 + cycle) as PlanId;
}

/**
 * Reads a plan id from a number or from route text such as '/checkout/112'.
 * Anything else than the four ids (including '012', '1.0', ' 1') gives undefined.
 */
export function parsePlanId(value: string | number): PlanParts | undefined {
  const id = typeof value === 'number' ? value : /^[1-9]\d*$/.test(value) ? Number(value) : Number.NaN;
  return isValidPlanId(id) ? planParts(id) : undefined;
}

export function planParts(planId: PlanId): PlanParts {
  return { planId, level: Math.floor(planId / 100) as PlanLevel, cycle: (planId % 100) as BillingCycle };
}
