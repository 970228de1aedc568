/**
 * The operator's promotions (`npm run ops -- promo`): a plan's promoted monthly price, an optional
 * coupon code and the pricing page's banner. The pricing page and the store both read them here.
 */
import type { Kysely } from 'kysely';
import type { PlanPromotion } from '#api/billing.ts';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import { isValidPlanId, type PlanId, planParts } from '#domain/plans/plan-id.ts';
import type { Database } from '../db/schema.ts';

export async function promotions(db: Kysely<Database>): Promise<Map<PlanId, PlanPromotion>> {
  const rows = await db.selectFrom('plan_promotions').selectAll().execute();
  const byPlan = new Map<PlanId, PlanPromotion>();
  for (const row of rows) {
    if (!isValidPlanId(row.plan_id)) continue;
    byPlan.set(row.plan_id, {
      newMonthlyPriceCents: row.new_monthly_price_cents,
      newBilledPriceCents: row.new_monthly_price_cents * planParts(row.plan_id).cycle,
      couponCode: row.coupon_code,
      banner: row.banner,
    });
  }
  return byPlan;
}

/**
 * The first period's price and the promotion's discount: a promotion without a coupon applies to
 * everyone, one with a coupon only when that code is given (any case).
 */
export async function priceOf(
  db: Kysely<Database>,
  planId: PlanId,
  coupon: string | null,
): Promise<{ subtotalCents: number; discountCents: number }> {
  const subtotalCents = PLANS[planId].billedPriceCents;
  const promotion = (await promotions(db)).get(planId);
  const applies =
    promotion !== undefined &&
    (promotion.couponCode === null || promotion.couponCode.toLowerCase() === coupon?.toLowerCase());
  return {
    subtotalCents,
    discountCents: applies ? Math.max(0, subtotalCents - promotion.newBilledPriceCents) : 0,
  };
}

export async function setPromotion(
  db: Kysely<Database>,
  planId: PlanId,
  promotion: {
    readonly newMonthlyPriceCents: number;
    readonly couponCode: string | null;
    readonly banner: string | null;
  },
): Promise<void> {
  const values = {
    new_monthly_price_cents: promotion.newMonthlyPriceCents,
    coupon_code: promotion.couponCode,
    banner: promotion.banner,
  };
  await db
    .insertInto('plan_promotions')
    .values({ plan_id: planId, ...values })
    .onConflict((oc) => oc.column('plan_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

export async function clearPromotion(db: Kysely<Database>, planId: PlanId): Promise<void> {
  await db.deleteFrom('plan_promotions').where('plan_id', '=', planId).execute();
}
