/**
 * Subscription and billing (spec 1 §4, §7; docs/BILLING.md): the plans on offer, the checkout
 * frame, plan changes, cancelling, the billing record, and the processors' webhook.
 * Entries of the HTTP contract (`../contract.ts`).
 */
import type {
  BillingAnswer,
  CheckoutAnswer,
  cancelSubscriptionSchema,
  checkoutSchema,
  PlanChangeAnswer,
  PlansAnswer,
  planChangeSchema,
} from '../billing.ts';
import { type BodyErrors, call } from './define.ts';

export const BILLING_CALLS = {
  'billing.plans': call<{ answer: PlansAnswer }>()('GET', '/billing/plans'),
  'billing.checkout': call<{ body: typeof checkoutSchema; answer: CheckoutAnswer }, BodyErrors>()(
    'POST',
    '/billing/checkout',
  ),
  'account.billing': call<{ answer: BillingAnswer }>()('GET', '/account/billing'),
  'account.changePlan': call<
    { body: typeof planChangeSchema; answer: PlanChangeAnswer },
    | BodyErrors
    | 'PENDING_PLAN_CHANGE'
    | 'PLAN_UNCHANGED'
    | 'NO_SUBSCRIPTION'
    | 'BILLED_OUTSIDE_APP'
    | 'PAYMENT_DECLINED'
  >()('PATCH', '/account/plan'),
  'account.cancelSubscription': call<
    { body: typeof cancelSubscriptionSchema; answer: BillingAnswer },
    BodyErrors | 'NO_SUBSCRIPTION' | 'BILLED_OUTSIDE_APP'
  >()('DELETE', '/account/subscription'),
  /** Signed events of the payment processor (its raw body; no token). */
  'billing.webhook': call<{ answer: { received: true } }, 'WEBHOOK_REJECTED' | 'PAYLOAD_TOO_LARGE'>()(
    'POST',
    '/billing/webhook',
  ),
} as const;
