/**
 * The test store's product codes: one per plan, the checkout's `product` query value
 * (spec 1 §7). BEG/ADV is the level, M/Y the cycle.
 */
import { PLAN_IDS, type PlanId } from '#domain/plans/plan-id.ts';

const PRODUCT_CODES: Readonly<Record<PlanId, string>> = {
  1: 'OS-BEG-M',
  12: 'OS-BEG-Y',
  101: 'OS-ADV-M',
  112: 'OS-ADV-Y',
};

export function productCode(planId: PlanId): string {
  return PRODUCT_CODES[planId];
}

/** The plan a product code sells, or null for a code the store does not sell. */
export function planOfProduct(code: string): PlanId | null {
  return PLAN_IDS.find((planId) => PRODUCT_CODES[planId] === code) ?? null;
}
