/**
 * /checkout/{planId} (spec 1 §2): waits for the user's record, then either buys the plan in the
 * store frame or, for a premium subscriber on another plan, confirms the plan change.
 */

import { getRouteApi } from '@tanstack/react-router';
import { AppLink } from '#app/components/AppLink.tsx';
import { IonButton } from '#app/components/IonElements.tsx';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { planName } from '#app/features/billing/billing-text.ts';
import type { CheckoutParams } from '#app/route-params.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { type CheckoutMode, checkoutMode } from './checkout-mode.ts';
import { PlanChangeConfirmation } from './PlanChangeConfirmation.tsx';
import { StoreCheckout } from './StoreCheckout.tsx';
import { useUserRecord } from './use-user-record.ts';
import '#app/components/billing.css';
import '#app/components/forms.css';
import './checkout.css';

const checkoutRoute = getRouteApi('/checkout/$planId');

const TITLES: Record<CheckoutMode, string> = {
  change: 'Change Plan',
  current: 'Checkout',
  outside: 'Checkout',
  store: 'Checkout',
};

function CheckoutBody({ mode, planId, from }: { mode: CheckoutMode; planId: PlanId; from: PlanId | null }) {
  switch (mode) {
    case 'change':
      return from === null ? null : <PlanChangeConfirmation from={from} to={planId} />;
    case 'current':
      return (
        <p>
          {planName(planId)} is already your plan. <AppLink href="/account">See your account</AppLink>
        </p>
      );
    case 'outside':
      return (
        <p>
          Your plan is billed outside the app, so it cannot be changed here.{' '}
          <AppLink href="/account">See your account</AppLink> for how to reach us.
        </p>
      );
    default:
      return <StoreCheckout planId={planId} />;
  }
}

export function CheckoutScreen() {
  const { planId }: CheckoutParams = checkoutRoute.useParams();
  const { record, retry } = useUserRecord();
  if (record.state === 'waiting') {
    return (
      <section className="checkout-screen">
        <ScreenTitle title="Checkout" />
        <Spinner label="Loading your account" />
      </section>
    );
  }
  if (record.state === 'failed') {
    return (
      <section className="checkout-screen">
        <ScreenTitle title="Checkout" />
        <p className="field-error" role="alert">
          We could not load your account. Check your connection and try again.
        </p>
        <IonButton onClick={retry}>Retry</IonButton>
      </section>
    );
  }
  const mode = checkoutMode(record.user, planId);
  return (
    <section className="checkout-screen">
      <ScreenTitle title={TITLES[mode]} />
      <CheckoutBody mode={mode} planId={planId} from={record.user.planId} />
    </section>
  );
}
