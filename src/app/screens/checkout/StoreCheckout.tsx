/**
 * Buying in the store (spec 1 §2, §7): the store's page in a frame, its address from the server
 * (product code, name, e-mail, guid, test flag, the promotion's coupon), and the order beside
 * it. The frame's 'thankyou' message records the purchase and goes to the thank-you page, which
 * waits for the server to make the user premium.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import { recordPageView } from '#app/analytics.ts';
import { errorMessageOf } from '#app/components/error-message.ts';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { PURCHASE_SUCCESS_VIEW } from '#app/features/billing/page-views.ts';
import { checkoutUrlQuery, plansQuery } from '#app/features/billing/queries.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { useStoreCompletion } from './use-store-completion.ts';

/** Fits the frame to the store page when it can be read (same origin), so only the app scrolls. */
function fitToContent(frame: HTMLIFrameElement) {
  try {
    const height = frame.contentDocument?.documentElement.scrollHeight;
    if (height) frame.style.height = `${height + 16}px`;
  } catch {
    // Another origin: the stylesheet's height stands.
  }
}

const Failure = ({ message }: { message: string }) => (
  <p className="field-error" role="alert">
    {message}
  </p>
);

function StoreFrame({ planId, coupon }: { planId: PlanId; coupon: string | null }) {
  const checkout = useQuery(checkoutUrlQuery(planId, coupon));
  const frame = useRef<HTMLIFrameElement>(null);
  if (checkout.error) return <Failure message={errorMessageOf(checkout.error)} />;
  if (!checkout.data) return <Spinner label="Opening the store" />;
  return (
    <iframe
      ref={frame}
      className="store-frame"
      title="Secure payment"
      src={checkout.data.url}
      onLoad={() => frame.current && fitToContent(frame.current)}
    />
  );
}

export function StoreCheckout({ planId }: { planId: PlanId }) {
  const navigate = useNavigate();
  const plans = useQuery(plansQuery());
  const paid = useCallback(() => {
    recordPageView(PURCHASE_SUCCESS_VIEW);
    void navigate({ href: `/thankyou/${planId}` });
  }, [navigate, planId]);
  useStoreCompletion(paid);

  if (plans.error) return <Failure message={errorMessageOf(plans.error)} />;
  if (!plans.data) return <Spinner label="Loading the plans" />;
  const offer = plans.data.plans.find((p) => p.planId === planId);
  if (!offer) return <Failure message={GENERIC_ERROR_MESSAGE} />;
  return (
    <div className="store-checkout">
      <OrderSummary offer={offer} />
      <div className="store-frame-box">
        {plans.data.testMode && <p className="hint">Test store: use a test card, no money moves.</p>}
        <StoreFrame planId={planId} coupon={offer.promotion?.couponCode ?? null} />
      </div>
    </div>
  );
}
