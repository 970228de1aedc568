/**
 * The embedded test store's pages on a bare Fastify server, without the app's billing: the
 * app's error handling and helmet's default Content-Security-Policy (`script-src 'self'`, frames
 * from the same origin only, as the app sends them), and a stub webhook that records what the
 * store delivers. With `frame`, `/host` is a page framing that checkout (titled 'Payment'), as
 * the app's checkout screen does, for the browser.
 */
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import type { BillingProcessor, CheckoutRequest } from '#server/billing/processor.ts';
import { createTestStore } from '#server/billing/teststore/test-store.ts';
import { ERROR_BODY_OPTIONS, installErrorHandling } from '#server/http/errors.ts';

export const STORE_SECRET = 'whsec_test_store';

export interface Delivery {
  readonly body: string;
  readonly headers: Record<string, string>;
}

export interface TestStoreServer {
  readonly url: string;
  readonly store: BillingProcessor;
  /** What the store handed to the webhook, in order. */
  readonly deliveries: Delivery[];
  /** Makes the next deliveries fail (the webhook down). */
  failDeliveries(fail: boolean): void;
  /** The business clock, movable. */
  setNow(ms: number): void;
  close(): Promise<void>;
}

/** A promotion: 100.00 off Advanced Yearly with coupon SPRING; list prices otherwise. */
async function priceOf(planId: PlanId, coupon: string | null) {
  return {
    subtotalCents: PLANS[planId].billedPriceCents,
    discountCents: planId === 112 && coupon === 'SPRING' ? 10000 : 0,
    creditCents: 0,
  };
}

export async function startTestStoreServer(
  options: { nowMs?: number; realNow?: () => number; frame?: CheckoutRequest } = {},
): Promise<TestStoreServer> {
  let now = options.nowMs ?? Date.UTC(2026, 4, 20, 12);
  let failing = false;
  const deliveries: Delivery[] = [];
  const store = createTestStore({
    secret: STORE_SECRET,
    clock: { now: () => now },
    priceOf,
    ...(options.realNow ? { realNow: options.realNow } : {}),
  });
  const app = Fastify({ logger: false, ...ERROR_BODY_OPTIONS });
  installErrorHandling(app);
  // Helmet's defaults, as the app has them for pages; the app's additions (connect-src,
  // img-src, frame-src) only widen what its own screens may load. Plain http on loopback.
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } },
  });
  await store.mountPages(app, async (body, headers) => {
    if (failing) throw new Error('the webhook is down');
    deliveries.push({ body, headers });
  });
  const frame = options.frame;
  if (frame) {
    const src = store.checkoutUrl(frame).replace(/&/g, '&amp;');
    const host = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout</title></head>
<body style="margin:0"><iframe title="Payment" src="${src}" style="display:block;width:100%;height:1100px;border:0"></iframe></body></html>`;
    app.get('/host', async (_request, reply) => reply.type('text/html; charset=utf-8').send(host));
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    store,
    deliveries,
    failDeliveries: (fail) => {
      failing = fail;
    },
    setNow: (ms) => {
      now = ms;
    },
    close: () => app.close(),
  };
}
