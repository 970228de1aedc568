/**
 * The order beside the store frame (above it on a phone): plan, price and any promotion, and the
 * way back to the other plans. That link is also the screen's one focusable element outside the
 * frame, so a keyboard can reach and scroll the page when the frame makes it taller than the
 * window (axe's scrollable-region-focusable).
 */
import type { PlanOffer } from '#api/billing.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { dollars } from '#app/features/billing/billing-text.ts';
import { BillingCycle, planParts } from '#domain/plans/plan-id.ts';

export function OrderSummary({ offer }: { offer: PlanOffer }) {
  const yearly = planParts(offer.planId).cycle === BillingCycle.Yearly;
  const period = yearly ? 'year' : 'month';
  const promotion = offer.promotion;
  return (
    <aside className="order-summary" aria-label="Order summary">
      <h2>{offer.name}</h2>
      {promotion?.banner && <p className="order-promotion">{promotion.banner}</p>}
      <dl className="billing-figures">
        <div>
          <dt>Price per month</dt>
          <dd>
            {promotion && <s>{dollars(offer.monthlyPriceCents)}</s>}{' '}
            {dollars(promotion?.newMonthlyPriceCents ?? offer.monthlyPriceCents)}
          </dd>
        </div>
        <div className="total">
          <dt>{yearly ? 'Billed today for the year' : 'Billed today for the month'}</dt>
          <dd>{dollars(promotion?.newBilledPriceCents ?? offer.billedPriceCents)}</dd>
        </div>
        {promotion?.couponCode && (
          <div>
            <dt>Coupon</dt>
            <dd>{promotion.couponCode}</dd>
          </div>
        )}
      </dl>
      <p className="hint">
        {promotion
          ? `Then ${dollars(offer.billedPriceCents)} every ${period}.`
          : `Renews at ${dollars(offer.billedPriceCents)} every ${period}.`}{' '}
        Cancel at any time; access lasts to the end of the paid period. Tax not included.
      </p>
      <p>
        <AppLink href="/pricing">Compare plans</AppLink>
      </p>
    </aside>
  );
}
