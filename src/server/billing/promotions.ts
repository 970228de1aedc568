/**
 * The operator's promotions (`npm run ops -- promo`): a plan's promoted monthly price, an optional
 * coupon code and the pricing page's banner. The pricing page and the store both read them here,
 * and the store a buyer's whole price (`buyerPrice`).
 */
import type { Kysely } from 'kysely';
import type { PlanPromotion } from '#api/billing.ts';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import { unusedPeriodCredit } from '#domain/plans/plan-change.ts';
import { isValidPlanId, type PlanId, planParts } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import type { Database } from '../db/schema.ts';
import { subscriptionAt } from '../users/subscription.ts';

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

/** A user's public id as stored (a UUID); anything else names nobody. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a buyer pays for `planId`'s first period: the list price less the promotion (with its
 * coupon) and less the unused part of a cancelled subscription that still runs, which a new
 * purchase replaces (credited as an upgrade credits it, at most the new period's price).
 */
export async function buyerPrice(
  db: Kysely<Database>,
  planId: PlanId,
  coupon: string | null,
  userGuid: string,
  nowMs: number,
): Promise<{ subtotalCents: number; discountCents: number; creditCents: number }> {
  const price = await priceOf(db, planId, coupon);
  const user = UUID.test(userGuid)
    ? await db.selectFrom('users').selectAll().where('guid', '=', userGuid).executeTakeFirst()
    : undefined;
  const running = user && subscriptionAt(user, nowMs).status === SubscriptionStatus.PremiumCancelled;
  const credit =
    running && isValidPlanId(user.plan_id) && user.period_start && user.period_end
      ? unusedPeriodCredit(
          PLANS[user.plan_id].billedPriceCents,
          user.period_start.getTime(),
          user.period_end.getTime(),
          nowMs,
        )
      : 0;
  return { ...price, creditCents: Math.min(credit, price.subtotalCents - price.discountCents) };
}
