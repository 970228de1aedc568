/**
 * /thankyou[/{planId}][?state=immediate|pending] (spec 1 §2, §4, §9). After a plan change the
 * state says when it takes effect; after a purchase in the store the order is being processed
 * until the server makes the user premium, then the page says so and goes to the app after 2 s.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLink } from '#app/components/AppLink.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { billingDate, planName } from '#app/features/billing/billing-text.ts';
import { billingRecordQuery } from '#app/features/billing/queries.ts';
import type { ThankYouParams, ThankYouSearch, ThankYouState } from '#app/route-params.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { useOrderCompletion } from './use-order-completion.ts';
import '#app/components/billing.css';

const thankYouRoute = getRouteApi('/thankyou/{-$planId}');

/** Spec 1 §9: the thank-you page's redirect once the purchase is confirmed. */
export const THANK_YOU_REDIRECT_MS = 2000;

function PlanChangeNotice({ state, planId }: { state: ThankYouState; planId: PlanId | undefined }) {
  const record = useQuery(billingRecordQuery()).data;
  const plan = planId ?? record?.pendingPlanId ?? record?.planId;
  const name = plan ? planName(plan) : 'your new plan';
  const when = record?.periodEnd ? billingDate(record.periodEnd) : 'your next billing date';
  return (
    <>
      <p className="thank-you-message">
        {state === 'pending'
          ? `Your plan will change to ${name} on ${when}.`
          : `Your plan changes to ${name}. Nothing was charged today; your next billing date is ${when}.`}
      </p>
      <p>
        <AppLink href="/account">See your account</AppLink> · <AppLink href="/">Back to the app</AppLink>
      </p>
    </>
  );
}

function OrderProcessing({ planId }: { planId: PlanId | undefined }) {
  const navigate = useNavigate();
  const done = useOrderCompletion(planId);
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate({ to: '/', replace: true }), THANK_YOU_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);
  return (
    <p className="thank-you-message" role="status">
      {done
        ? 'Your plan was changed successfully.'
        : 'Your order is being processed. Please check your e-mail and refresh this page.'}
    </p>
  );
}

export function ThankYouScreen() {
  const { planId }: ThankYouParams = thankYouRoute.useParams();
  const { state }: ThankYouSearch = thankYouRoute.useSearch();
  return (
    <section className="thank-you-screen">
      <ScreenTitle title="Thank You" />
      {state ? <PlanChangeNotice state={state} planId={planId} /> : <OrderProcessing planId={planId} />}
    </section>
  );
}
