/**
 * Cancelling (spec 1 §2, §4, §8): an optional reason and free text, BACK TO PRICING or PROCEED.
 * PROCEED cancels at the period end, refreshes the account and goes to the plans, which say the
 * subscription was cancelled; a failure is the generic toast. Beside the form: what is lost.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { IonButton } from '#app/components/IonElements.tsx';
import { notify } from '#app/components/notices.ts';
import { billingDate } from '#app/features/billing/billing-text.ts';
import { billingApi, refreshAccount } from '#app/features/billing/mutations.ts';
import { cancelRequest } from '#domain/plans/cancellation.ts';
import { CANCEL_REASONS, LOST_ON_CANCEL } from './cancel-reasons.ts';

/** The server keeps at most this many characters of the reason (`CANCEL_REASON_MAX`, src/api/billing.ts). */
export const CANCEL_TEXT_MAX = 1000;

/** Where a cancelled subscriber lands: the plans, with the pricing page's 'cancelled' notice. */
export const AFTER_CANCEL_HREF = '/pricing?notice=cancelled';

export function CancelForm({ periodEnd }: { periodEnd: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const textId = useId();
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const cancel = useMutation({
    mutationFn: () => {
      const request = cancelRequest(reasonId, text);
      return billingApi.cancel(request.reasonId, request.reasonText);
    },
    onSuccess: async () => {
      await refreshAccount(queryClient);
      await navigate({ href: AFTER_CANCEL_HREF });
    },
    onError: () => notify({ message: GENERIC_ERROR_MESSAGE }),
  });
  return (
    <section className="cancel-subscription" aria-labelledby="cancel-heading">
      <div className="billing-card cancel-form">
        <h2 id="cancel-heading">Cancel subscription</h2>
        <p>
          You keep everything your plan gives
          {periodEnd ? ` until ${billingDate(periodEnd)}` : ' to the end of the paid period'}; nothing renews
          after that.
        </p>
        <fieldset className="cancel-reasons">
          <legend>Why are you leaving? (optional)</legend>
          {CANCEL_REASONS.map((reason) => (
            <label key={reason.id} className="field inline">
              <input
                type="radio"
                name="cancel-reason"
                value={reason.id}
                checked={reasonId === reason.id}
                onChange={() => setReasonId(reason.id)}
              />
              {reason.label}
            </label>
          ))}
        </fieldset>
        <label className="field" htmlFor={textId}>
          Anything you would like to tell us? (optional)
        </label>
        <textarea
          id={textId}
          className="app-input cancel-text"
          rows={4}
          maxLength={CANCEL_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${textId}-count`}
        />
        <p id={`${textId}-count`} className="hint cancel-count">
          {text.length} / {CANCEL_TEXT_MAX}
        </p>
        <div className="billing-actions">
          <AppLink href="/pricing" className="link-button">
            BACK TO PRICING
          </AppLink>
          <IonButton
            color="danger"
            disabled={cancel.isPending || cancel.isSuccess}
            onClick={() => cancel.mutate()}
          >
            PROCEED
          </IonButton>
        </div>
      </div>
      <aside className="billing-card lost-features" aria-labelledby="lost-heading">
        <h2 id="lost-heading">What you lose</h2>
        <ul>
          {LOST_ON_CANCEL.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </aside>
    </section>
  );
}
