/**
 * The Stripe store's pages, shown in the app's checkout frame (docs/BILLING.md ("Switching to Stripe")):
 * - `GET /store/checkout?product&first_name&last_name&email&guid&test&coupon` creates a Checkout
 *   Session for the plan's price and renders Stripe's embedded checkout;
 * - `GET /store/return?session_id` is where a payment method that redirects comes back to;
 * - `GET /store/stripe-checkout.js` is their one script.
 * Only these routes let Stripe.js in (its script, frames and API); the rest of the app keeps its
 * Content-Security-Policy.
 */
import { readFileSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { DomainError, notFound } from '#domain/errors.ts';
import { withCspDirective } from '#server/auth/embedded-issuer.ts';
import { parseInput } from '#server/http/errors.ts';
import { escapeHtml, htmlDocument } from '#server/http/html-document.ts';
import { enforceLimit } from '#server/http/rate-limits.ts';
import type { StripeConfig } from './stripe-config.ts';
import { USER_GUID_KEY } from './stripe-events.ts';

/** Stripe.js is always loaded from Stripe (never bundled): its versioned 'clover' release. */
const STRIPE_JS_URL = 'https://js.stripe.com/clover/stripe.js';

/** What the store pages need beyond the app's own policy. */
const STORE_CSP_DIRECTIVES: Readonly<Record<string, string>> = {
  'script-src': "'self' https://js.stripe.com https://*.js.stripe.com",
  'frame-src': "'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  'connect-src': "'self' https://api.stripe.com https://checkout.stripe.com",
  'img-src': "'self' data: blob: https://*.stripe.com",
};

/**
 * Checkouts one client address may start: each creates a Checkout Session at Stripe, whose API
 * limits are the whole store's, so the open page must not let anyone spend them.
 */
export const CHECKOUTS_PER_ADDRESS = { max: 30, windowMs: 10 * 60_000 };

const SCRIPT = readFileSync(new URL('./stripe-checkout.js', import.meta.url), 'utf8');

/**
 * The frame's query values Stripe needs. first_name, last_name and test are accepted and not
 * used: Stripe's form asks for the card holder's name, and shows test mode by itself.
 */
const CheckoutQuery = z.object({
  product: z.string().min(1).max(255),
  email: z.email().max(254),
  guid: z.uuid(),
  coupon: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

const ReturnQuery = z.object({ session_id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/) });

const STYLE =
  '<style>body{margin:0;font:16px/1.5 system-ui,sans-serif}main{max-width:760px;margin:0 auto;padding:16px}</style>';

const page = (title: string, body: string, scripts: string): string =>
  htmlDocument(`${title} · OptionScout`, `${STYLE}\n${scripts}`, body);

const sendPage = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/** A coupon Stripe does not know is the customer's input, not a defect. */
function unknownCoupon(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === 'resource_missing' || error.param?.startsWith('discounts') === true)
  );
}

export async function mountStripeCheckoutPages(
  app: FastifyInstance,
  deps: { readonly stripe: Stripe; readonly config: StripeConfig },
): Promise<void> {
  const { stripe, config } = deps;
  const plansByPrice = new Set(Object.values(config.priceIds));
  await app.register(async (store) => {
    await store.register(rateLimit, { global: false });
    const checkouts = store.createRateLimit({
      max: CHECKOUTS_PER_ADDRESS.max,
      timeWindow: CHECKOUTS_PER_ADDRESS.windowMs,
      keyGenerator: (request) => `store-checkout:${request.ip}`,
    });
    // After helmet's onRequest hook has set the app's policy: widen it for these routes only.
    store.addHook('onSend', async (_request, reply) => {
      const current = reply.getHeader('content-security-policy');
      let csp = typeof current === 'string' ? current : "default-src 'self'";
      for (const [name, values] of Object.entries(STORE_CSP_DIRECTIVES))
        csp = withCspDirective(csp, name, values);
      reply.header('content-security-policy', csp);
    });

    store.get('/store/stripe-checkout.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT),
    );

    store.get('/store/checkout', async (request, reply) => {
      await enforceLimit(checkouts, request, reply);
      const query = parseInput(CheckoutQuery, request.query, 'query');
      if (!plansByPrice.has(query.product))
        throw new DomainError('VALIDATION_FAILED', {
          message: 'Unknown product.',
          details: { 'query.product': 'Unknown product.' },
        });
      const origin = `${request.protocol}://${request.host}`;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          ui_mode: 'embedded_page',
          line_items: [{ price: query.product, quantity: 1 }],
          client_reference_id: query.guid,
          customer_email: query.email,
          subscription_data: { metadata: { [USER_GUID_KEY]: query.guid } },
          // The app's coupon code is the id of a Stripe coupon; without one the customer may
          // still type a promotion code on Stripe's form.
          ...(query.coupon ? { discounts: [{ coupon: query.coupon }] } : { allow_promotion_codes: true }),
          // onComplete in the frame when no redirect is needed; the return page otherwise.
          redirect_on_completion: 'if_required',
          return_url: `${origin}/store/return?session_id={CHECKOUT_SESSION_ID}`,
        });
      } catch (error) {
        if (query.coupon && unknownCoupon(error))
          throw new DomainError('VALIDATION_FAILED', {
            message: 'This coupon is not valid.',
            details: { 'query.coupon': 'This coupon is not valid.' },
          });
        throw error;
      }
      if (!session.client_secret) throw new Error(`Checkout Session ${session.id} has no client secret`);
      return sendPage(
        reply,
        page(
          'Checkout',
          `<main id="checkout" data-publishable-key="${escapeHtml(config.publishableKey)}" data-client-secret="${escapeHtml(session.client_secret)}"></main>`,
          `<script src="${STRIPE_JS_URL}"></script>\n<script src="/store/stripe-checkout.js" defer></script>`,
        ),
      );
    });

    store.get('/store/return', async (request, reply) => {
      const { session_id } = parseInput(ReturnQuery, request.query, 'query');
      const session = await stripe.checkout.sessions.retrieve(session_id).catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          throw notFound('Checkout');
        throw error;
      });
      const body =
        session.status === 'complete'
          ? '<main id="checkout-complete"><p>Thank you! Your payment went through.</p></main>'
          : '<main><p>The payment was not completed. Please close this window and try again.</p></main>';
      return sendPage(
        reply,
        page('Checkout', body, '<script src="/store/stripe-checkout.js" defer></script>'),
      );
    });
  });
}
