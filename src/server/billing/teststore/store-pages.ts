/**
 * The test store's own pages, outside /api and public like an external store's: the checkout
 * page, its script, and the backend it posts the card to. A paid checkout becomes one signed
 * event handed to the server's webhook (`deliver`), exactly as a real store would post it.
 * Failures answer `{ code, message }` through the app's error handling.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DomainError } from '#domain/errors.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { parseInput } from '#server/http/errors.ts';
import { rateLimited } from '#server/http/rate-limits.ts';
import type { WebhookDelivery } from '../processor.ts';
import { checkoutErrorPage, checkoutPage, STORE_SCRIPT_PATH } from './checkout-page.ts';
import { planOfProduct } from './products.ts';
import { signWebhook } from './signature.ts';
import { type Purchase, purchaseEvent, type StorePrice } from './store-events.ts';
import { CardBehaviour, checkCard, DECLINED_MESSAGE, paymentMethodOf } from './test-cards.ts';

export interface StorePagesDeps {
  readonly secret: string;
  readonly clock: { now(): number };
  /** The buyer's price: list, promotion (with its coupon), credit for a cancelled period still running. */
  readonly priceOf: (planId: PlanId, coupon: string | null, userGuid: string) => Promise<StorePrice>;
  /** Wall-clock time: webhook signatures and the confirmation step's expiry (default Date.now). */
  readonly realNow?: () => number;
}

/** The card and the buyer: a few hundred bytes; anything much larger is not the page's. */
const BODY_LIMIT = 4096;
/** Per client address and minute: a person paying needs a handful. */
const PAGE_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };
const POST_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };
/** How long a payment waits for its confirmation, and how many may wait at once. */
const CONFIRM_TTL_MS = 15 * 60_000;
const MAX_PENDING = 1000;

const DELIVERY_FAILED = 'The payment could not be completed. Please try again.';

const guidSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'The buyer id is not valid.');
const couponSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'The coupon code is not valid.');

const checkoutQuerySchema = z.object({
  product: z.string().max(40).optional(),
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  email: z.string().max(320).optional(),
  guid: guidSchema.optional(),
  test: z.string().max(10).optional(),
  coupon: couponSchema.optional(),
});

const payBodySchema = z.strictObject({
  product: z.string().max(40),
  guid: guidSchema,
  /** Where a real store sends its receipt; the event names the buyer by guid alone. */
  email: z.string().max(320),
  coupon: couponSchema.nullable().optional(),
  card: z.strictObject({
    number: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(10),
    name: z.string().max(100),
  }),
});

const confirmBodySchema = z.strictObject({ token: z.string().max(100), approve: z.boolean() });

/** A payment the card accepted: the purchase it becomes, at the time it completes. */
type Payment = Omit<Purchase, 'nowMs'>;

/** A payment waiting for the buyer's confirmation. */
interface PendingPayment {
  readonly payment: Payment;
  /** Wall-clock time. */
  readonly expiresAtMs: number;
}

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(html);

/** MM/YY of the month a year from `nowMs` (UTC): a valid expiry to suggest. */
function sampleExpiry(nowMs: number): string {
  const date = new Date(nowMs);
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String((date.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

export async function mountStorePages(
  app: FastifyInstance,
  deliver: WebhookDelivery,
  deps: StorePagesDeps,
): Promise<void> {
  const realNow = deps.realNow ?? Date.now;
  const script = readFileSync(new URL('./store.js', import.meta.url), 'utf8');
  const pending = new Map<string, PendingPayment>();

  const productPlan = (code: string): PlanId => {
    const planId = planOfProduct(code);
    if (planId === null) {
      throw new DomainError('VALIDATION_FAILED', { message: 'The store does not sell this product.' });
    }
    return planId;
  };

  /**
   * Signs the purchase and hands it to the webhook; answers `{ ok: true }` once delivered. The
   * purchase happens on the business clock; the signature, like any cryptography here, is dated
   * by the real time, which the webhook checks it against (the business clock may be moved).
   */
  const complete = async (reply: FastifyReply, payment: Payment) => {
    const body = JSON.stringify(purchaseEvent({ ...payment, nowMs: deps.clock.now() }));
    try {
      await deliver(body, { 'teststore-signature': signWebhook(body, deps.secret, realNow()) });
    } catch (err) {
      reply.log.error({ err }, 'the test store could not deliver a purchase');
      return reply.status(502).send({ code: 'INTERNAL', message: DELIVERY_FAILED });
    }
    return { ok: true };
  };

  await app.register(async (store) => {
    await store.register(rateLimit, { global: false, errorResponseBuilder: rateLimited });
    // A checkout is one person's: never kept by a browser or a proxy.
    store.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });

    store.get('/store/checkout', { config: PAGE_LIMIT }, async (request, reply) => {
      const query = checkoutQuerySchema.safeParse(request.query);
      if (!query.success)
        return sendHtml(reply, 400, checkoutErrorPage('The checkout address is not valid.'));
      const q = query.data;
      const planId = q.product === undefined ? null : planOfProduct(q.product);
      if (q.product === undefined || planId === null) {
        return sendHtml(
          reply,
          400,
          checkoutErrorPage(`The store does not sell the product '${q.product ?? ''}'.`),
        );
      }
      if (q.guid === undefined) {
        return sendHtml(reply, 400, checkoutErrorPage('The checkout address does not name the buyer.'));
      }
      const coupon = q.coupon ?? null;
      const nowMs = deps.clock.now();
      return sendHtml(
        reply,
        200,
        checkoutPage({
          productCode: q.product,
          planId,
          price: await deps.priceOf(planId, coupon, q.guid),
          firstName: q.first_name ?? '',
          lastName: q.last_name ?? '',
          email: q.email ?? '',
          userGuid: q.guid,
          coupon,
          sampleExpiry: sampleExpiry(nowMs),
        }),
      );
    });

    store.get(STORE_SCRIPT_PATH, { config: PAGE_LIMIT }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script),
    );

    store.post('/store/pay', { bodyLimit: BODY_LIMIT, config: POST_LIMIT }, async (request, reply) => {
      const body = parseInput(payBodySchema, request.body);
      const planId = productPlan(body.product);
      const check = checkCard(body.card, deps.clock.now());
      if (!check.ok) throw new DomainError('VALIDATION_FAILED', { message: check.message });
      if (check.card.behaviour === CardBehaviour.Declined) {
        throw new DomainError('PAYMENT_DECLINED', { message: DECLINED_MESSAGE });
      }
      const payment: Payment = {
        userGuid: body.guid,
        planId,
        price: await deps.priceOf(planId, body.coupon ?? null, body.guid),
        paymentMethod: paymentMethodOf(check.digits),
      };
      if (check.card.behaviour !== CardBehaviour.NeedsConfirmation) return complete(reply, payment);
      const now = realNow();
      for (const [token, p] of pending) if (p.expiresAtMs <= now) pending.delete(token);
      // Full: the oldest waiting payment gives way (its buyer starts again).
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value ?? '');
      const token = randomBytes(16).toString('hex');
      pending.set(token, { payment, expiresAtMs: now + CONFIRM_TTL_MS });
      return { confirm: token };
    });

    store.post('/store/confirm', { bodyLimit: BODY_LIMIT, config: POST_LIMIT }, async (request, reply) => {
      const body = parseInput(confirmBodySchema, request.body);
      const waiting = pending.get(body.token);
      // One answer per confirmation: a second click finds nothing.
      pending.delete(body.token);
      if (!waiting || waiting.expiresAtMs <= realNow()) {
        throw new DomainError('NOT_FOUND', {
          message: 'This payment is no longer waiting for confirmation. Please pay again.',
        });
      }
      if (!body.approve) {
        throw new DomainError('PAYMENT_DECLINED', {
          message: 'The payment was not confirmed, so nothing was charged.',
        });
      }
      return complete(reply, waiting.payment);
    });
  });
}
