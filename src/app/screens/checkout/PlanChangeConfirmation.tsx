/**
 * The plan-change confirmation (spec 1 §2, §4): the preview's five figures, then PROCEED. A
 * preview that fails says why and goes back to the plans; PROCEED leads to the thank-you page in
 * the state the answer calls for (domain `thankYouState`).
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { PlanChangeAnswer } from '#api/billing.ts';
import { recordPageView } from '#app/analytics.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { errorMessageOf } from '#app/components/error-message.ts';
import { IonButton } from '#app/components/IonElements.tsx';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { notify } from '#app/components/notices.ts';
import { billingDate, dollars, planName } from '#app/features/billing/billing-text.ts';
import { billingApi, refreshAccount } from '#app/features/billing/mutations.ts';
import { PLAN_CHANGE_SUCCESS_VIEW } from '#app/features/billing/page-views.ts';
import { planChangePreviewQuery } from '#app/features/billing/queries.ts';
import { thankYouState } from '#domain/plans/plan-change.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';

function PreviewFigures({ preview }: { preview: PlanChangeAnswer }) {
  const rows: readonly (readonly [string, string])[] = [
    ['New plan price', dollars(preview.newPlanPrice)],
    ['Discount', preview.discountAmount > 0 ? `−${dollars(preview.discountAmount)}` : dollars(0)],
    [
      'Credit for the unused part of your current plan',
      preview.deductAmount > 0 ? `−${dollars(preview.deductAmount)}` : dollars(0),
    ],
    ['Charged today', dollars(preview.immediateChargeAmount)],
    ['Next billing date', billingDate(preview.nextBillingDate)],
  ];
  return (
    <dl className="billing-figures">
      {rows.map(([label, value]) => (
        <div key={label} className={label === 'Charged today' ? 'total' : undefined}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PlanChangeConfirmation({ from, to }: { from: PlanId; to: PlanId }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preview = useQuery(planChangePreviewQuery(to));
  const failure = preview.error;
  useEffect(() => {
    if (!failure) return;
    notify({ message: errorMessageOf(failure) });
    void navigate({ to: '/pricing', replace: true });
  }, [failure, navigate]);

  const goThankYou = (state: 'pending' | 'immediate' | null) =>
    navigate({ href: `/thankyou/${to}${state ? `?state=${state}` : ''}` });
  const proceed = useMutation({
    mutationFn: () => billingApi.changePlan(to),
    onSuccess: async (answer) => {
      recordPageView(PLAN_CHANGE_SUCCESS_VIEW);
      await refreshAccount(queryClient);
      await goThankYou(thankYouState({ immediateChargeAmount: answer.immediateChargeAmount }));
    },
    onError: async (error) => {
      const errorCode = error instanceof ApiRequestError ? error.code : undefined;
      if (thankYouState({ errorCode }) === 'pending') {
        // A downgrade: stored, it takes effect at the next billing date.
        await refreshAccount(queryClient);
        await goThankYou('pending');
      } else {
        notify({ message: errorMessageOf(error) });
      }
    },
  });

  const kind = preview.data?.kind;
  return (
    <section className="billing-card plan-change" aria-label="Plan change">
      <div className="plan-change-route">
        <dl>
          <dt>Current plan</dt>
          <dd>{planName(from)}</dd>
        </dl>
        <span className="plan-change-arrow" aria-hidden="true">
          →
        </span>
        <dl>
          <dt>New plan</dt>
          <dd>{planName(to)}</dd>
        </dl>
      </div>
      {preview.data ? (
        <>
          <p className="hint">
            {kind === 'upgrade'
              ? 'Your new plan starts today. Today’s charge is its price less what is left of your current period.'
              : `Your current plan runs to the end of its period; ${planName(to)} starts on ${billingDate(preview.data.nextBillingDate)}. Nothing is charged today.`}
          </p>
          <PreviewFigures preview={preview.data} />
          <p className="hint">Prices in US dollars. Tax not included.</p>
          <div className="billing-actions">
            <AppLink href="/pricing" className="link-button">
              BACK TO PRICING
            </AppLink>
            <IonButton disabled={proceed.isPending || proceed.isSuccess} onClick={() => proceed.mutate()}>
              PROCEED
            </IonButton>
          </div>
        </>
      ) : (
        !failure && <Spinner label="Pricing the change" />
      )}
    </section>
  );
}
