/**
 * The embedded test store: the payment processor that needs no setup (docs/BILLING.md). It
 * sells the four plans on its own checkout page with test cards only, posts a signed event to
 * the server's webhook when a checkout is paid, and answers the plan changes, cancellations,
 * refunds and renewals that billing asks of it with the events to apply.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { type BillingEvent, type BillingProcessor, storeCheckoutUrl, WebhookRejected } from '../processor.ts';
import { billingEventSchema } from './event-schema.ts';
import { productCode } from './products.ts';
import { verifyWebhookSignature } from './signature.ts';
import {
  cancelEvents,
  changePreview,
  planChangeEvents,
  refundEvents,
  renewalEvents,
  type StorePrice,
} from './store-events.ts';
import { mountStorePages } from './store-pages.ts';

const SIGNATURE_HEADER = 'teststore-signature';

export interface TestStoreOptions {
  /** The webhook signing secret shared with the server's webhook. */
  readonly secret: string;
  /** The business clock (src/server/clock.ts). */
  readonly clock: { now(): number };
  /** A plan's period price and the promotion's discount for `coupon` (billing's promotions). */
  /** The buyer's price: list, promotion (with its coupon), credit for a cancelled period still running. */
  readonly priceOf: (planId: PlanId, coupon: string | null, userGuid: string) => Promise<StorePrice>;
  /** Wall-clock time: webhook signatures and the checkout's confirmation step (default Date.now). */
  readonly realNow?: () => number;
}

export function createTestStore(options: TestStoreOptions): BillingProcessor {
  const { secret } = options;
  return {
    name: 'teststore',
    testMode: true,
    signatureHeader: SIGNATURE_HEADER,
    productCode,

    checkoutUrl: storeCheckoutUrl,

    mountPages: (app, deliver) => mountStorePages(app, deliver, options),

    readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, nowMs: number): readonly BillingEvent[] {
      verifyWebhookSignature(rawBody, headers[SIGNATURE_HEADER], secret, nowMs);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected('The body is not JSON.');
      }
      const event = billingEventSchema.safeParse(json);
      if (!event.success) {
        const fields = event.error.issues.map((i) => i.path.join('.') || 'body').join(', ');
        throw new WebhookRejected(`The body is not a billing event (${fields}).`);
      }
      return [event.data];
    },

    previewChange: async (sub, to, nowMs, discountCents) => changePreview(sub, to, nowMs, discountCents),
    changePlan: async (sub, to, nowMs, discountCents) => planChangeEvents(sub, to, nowMs, discountCents),
    cancelAtPeriodEnd: async (sub, nowMs) => cancelEvents(sub, nowMs),
    refund: async (_sub, chargeExternalId, amountCents, nowMs) =>
      refundEvents(chargeExternalId, amountCents, nowMs),
    renew: async (sub, pendingPlanId, attempt, attemptMs) =>
      renewalEvents(sub, pendingPlanId, attempt, attemptMs),
  };
}
