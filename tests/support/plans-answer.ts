/**
 * A `GET /api/v1/billing/plans` answer at list prices (the domain's catalogue), for screens
 * tested without the server's billing routes; `promote` puts a promotion on one plan.
 */
import { type PlanPromotion, type PlansAnswer, planOffer } from '#api/billing.ts';
import { PLAN_IDS, type PlanId } from '#domain/plans/plan-id.ts';
import { productCode } from '#server/billing/teststore/products.ts';

export const TEST_SUPPORT_EMAIL = 'help@optionscout.test';

/** $10 off each month of Advanced Yearly's first year: $49 a month, $588 for the year. */
export const SPRING_PROMOTION: PlanPromotion = {
  newMonthlyPriceCents: 4900,
  newBilledPriceCents: 58800,
  couponCode: 'SPRING',
  banner: 'Spring sale: $10 off every month of the first year',
};

export function plansAnswer(
  options: { testMode?: boolean; promote?: { planId: PlanId; promotion: PlanPromotion } } = {},
): PlansAnswer {
  return {
    plans: PLAN_IDS.map((planId) =>
      planOffer(
        planId,
        productCode(planId),
        options.promote?.planId === planId ? options.promote.promotion : null,
      ),
    ),
    testMode: options.testMode ?? false,
    supportEmail: TEST_SUPPORT_EMAIL,
  };
}
