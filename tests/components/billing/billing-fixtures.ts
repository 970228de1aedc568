/** Answers of the billing calls for the subscription screens' tests (amounts in cents). */
import type { SubscriptionAnswer } from '#api/account.ts';
import type { BillingAnswer, PlanChangeAnswer, PlansAnswer } from '#api/billing.ts';
import { TRIAL_SUBSCRIPTION } from '../api-stub.ts';

export const SUPPORT = 'billing@optionscout.test';

/** Beginner Monthly through the test store. */
export const PREMIUM_SUBSCRIPTION: SubscriptionAnswer = {
  ...TRIAL_SUBSCRIPTION,
  status: 2,
  planId: 1,
  goodUntilDays: 0,
  processor: 'teststore',
};

export const PLANS_ANSWER: PlansAnswer = {
  plans: [
    {
      planId: 112,
      name: 'Advanced Yearly',
      levelName: 'Advanced',
      cycleName: 'Yearly',
      monthlyPriceCents: 5900,
      billedPriceCents: 70800,
      productCode: 'OS-ADV-Y',
      promotion: {
        newMonthlyPriceCents: 4900,
        newBilledPriceCents: 58800,
        couponCode: 'SPRING',
        banner: 'Spring offer: $10 off every month of the first year',
      },
    },
    {
      planId: 101,
      name: 'Advanced Monthly',
      levelName: 'Advanced',
      cycleName: 'Monthly',
      monthlyPriceCents: 7500,
      billedPriceCents: 7500,
      productCode: 'OS-ADV-M',
      promotion: null,
    },
  ],
  testMode: true,
  supportEmail: SUPPORT,
};

/** docs/PLANS.md's worked example: Beginner Monthly → Advanced Monthly on 16 Jan 2025. */
export const UPGRADE_PREVIEW: PlanChangeAnswer = {
  kind: 'upgrade',
  planId: 101,
  immediateChargeAmount: 4971,
  newPlanPrice: 7500,
  discountAmount: 0,
  deductAmount: 2529,
  nextBillingDate: '2025-02-16T00:00:00.000Z',
};

export const BILLING_ANSWER: BillingAnswer = {
  status: 2,
  planId: 112,
  processor: 'teststore',
  periodStart: '2025-07-02T00:00:00.000Z',
  periodEnd: '2026-07-02T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingPlanId: null,
  paymentProblem: null,
  invoices: [
    {
      id: 7,
      number: 'R-000007',
      issuedAt: '2025-07-02T00:00:00.000Z',
      planId: 112,
      reason: 'upgrade',
      periodStart: '2025-07-02T00:00:00.000Z',
      periodEnd: '2026-07-02T00:00:00.000Z',
      lines: [
        { description: 'Advanced Yearly, Jul 2, 2025 – Jul 2, 2026', amountCents: 70800 },
        { description: 'Unused time on Beginner Yearly', amountCents: -23464 },
      ],
      totalCents: 47336,
      status: 'paid',
      refundedCents: 0,
    },
  ],
  supportEmail: SUPPORT,
};
