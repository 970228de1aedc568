import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHECKOUTS_PER_ADDRESS } from '#server/billing/stripe/checkout-pages.ts';
import { createStripeProcessor } from '#server/billing/stripe/stripe-processor.ts';
import { installErrorHandling } from '#server/http/errors.ts';
import { type CannedAnswer, CONFIG, fakeStripe, GUID, ok, PRICES } from '#tests/support/stripe.ts';

const SESSION = {
  id: 'cs_test_1',
  object: 'checkout.session',
  client_secret: 'cs_test_1_secret_<x>"',
  status: 'open',
};

const { stripe, requests } = fakeStripe({
  'POST /v1/checkout/sessions': ok(SESSION),
  'GET /v1/checkout/sessions/cs_test_1': ok({ ...SESSION, status: 'complete' }),
  'GET /v1/checkout/sessions/cs_test_open': ok({ ...SESSION, id: 'cs_test_open' }),
  'GET /v1/checkout/sessions/cs_test_gone': {
    status: 404,
    body: {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
    },
  } satisfies CannedAnswer,
});
const processor = createStripeProcessor(CONFIG, { stripe });

/** The app's own shell: helmet's policy, the API's error bodies, and one ordinary page. */
const app = Fastify();
beforeAll(async () => {
  installErrorHandling(app);
  await app.register(helmet, { contentSecurityPolicy: { directives: { 'script-src': ["'self'"] } } });
  app.get('/elsewhere', async () => 'ok');
  await processor.mountPages(app, async () => {});
  await app.ready();
});
afterAll(() => app.close());

const checkoutQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    product: PRICES[112],
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@x.test',
    guid: GUID,
    test: '1',
    ...extra,
  });

describe('the Stripe checkout page', () => {
  test('creates an embedded subscription checkout for the product’s price, tied to the user', async () => {
    requests.length = 0;
    const res = await app.inject({
      url: `/store/checkout?${checkoutQuery({ coupon: 'SPRING' })}`,
      headers: { host: 'app.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions']);
    expect(Object.fromEntries(requests[0]?.params ?? [])).toEqual({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      'line_items[0][price]': PRICES[112],
      'line_items[0][quantity]': '1',
      client_reference_id: GUID,
      customer_email: 'ann@x.test',
      'subscription_data[metadata][userGuid]': GUID,
      'discounts[0][coupon]': 'SPRING',
      redirect_on_completion: 'if_required',
      return_url: 'http://app.test/store/return?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  test('without a coupon the customer may enter a promotion code', async () => {
    requests.length = 0;
    await app.inject({ url: `/store/checkout?${checkoutQuery()}` });
    expect(requests[0]?.params.get('allow_promotion_codes')).toBe('true');
    expect(requests[0]?.params.has('discounts[0][coupon]')).toBe(false);
  });

  test('the page loads Stripe.js and its own script, with no inline script', async () => {
    const res = await app.inject({ url: `/store/checkout?${checkoutQuery()}` });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1]?.match(/src="([^"]+)"/)?.[1])).toEqual([
      'https://js.stripe.com/clover/stripe.js',
      '/store/stripe-checkout.js',
    ]);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    expect(res.body).toContain('data-client-secret="cs_test_1_secret_&lt;x&gt;&quot;"');
    expect(res.body).toContain(`data-publishable-key="${CONFIG.publishableKey}"`);
  });

  test('its policy lets Stripe.js in; the rest of the app keeps its own', async () => {
    const page = await app.inject({ url: `/store/checkout?${checkoutQuery()}` });
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://js.stripe.com');
    expect(directive('script-src')).not.toContain('unsafe-inline');
    expect(directive('frame-src')).toContain('https://js.stripe.com');
    expect(directive('connect-src')).toContain('https://api.stripe.com');
    expect(directive('frame-ancestors')).toContain("'self'");

    const elsewhere = await app.inject({ url: '/elsewhere' });
    const plain = Fastify();
    await plain.register(helmet, { contentSecurityPolicy: { directives: { 'script-src': ["'self'"] } } });
    plain.get('/elsewhere', async () => 'ok');
    const reference = await plain.inject({ url: '/elsewhere' });
    await plain.close();
    expect(elsewhere.headers['content-security-policy']).toBe(reference.headers['content-security-policy']);
    expect(String(elsewhere.headers['content-security-policy'])).not.toContain('stripe');
  });

  test('its script mounts the checkout and tells the app when the payment went through', async () => {
    const res = await app.inject({ url: '/store/stripe-checkout.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.body).toContain("window.parent.postMessage('thankyou', location.origin)");
    expect(res.body).toContain('onComplete');
  });

  test.each([
    ['an unknown product', { product: 'price_other' }, 'query.product'],
    ['a malformed e-mail', { email: 'ann' }, 'query.email'],
    ['a malformed user id', { guid: 'x' }, 'query.guid'],
    ['a malformed coupon', { coupon: 'no spaces' }, 'query.coupon'],
  ])('%s is a 400 naming the field, and creates no session', async (_what, extra, field) => {
    requests.length = 0;
    const res = await app.inject({ url: `/store/checkout?${checkoutQuery(extra)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { [field]: expect.any(String) } });
    expect(requests).toEqual([]);
  });

  test('a coupon Stripe does not know is a 400 on the coupon', async () => {
    const unknown = fakeStripe({
      'POST /v1/checkout/sessions': {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'discounts[0][coupon]',
            message: "No such coupon: 'NOPE'",
          },
        },
      },
    });
    const other = Fastify();
    installErrorHandling(other);
    await createStripeProcessor(CONFIG, { stripe: unknown.stripe }).mountPages(other, async () => {});
    const res = await other.inject({ url: `/store/checkout?${checkoutQuery({ coupon: 'NOPE' })}` });
    await other.close();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'query.coupon': expect.any(String) },
    });
  });
});

test('one address may start only so many checkouts: then 429, and no more sessions', async () => {
  const own = fakeStripe({ 'POST /v1/checkout/sessions': ok(SESSION) });
  const limited = Fastify();
  installErrorHandling(limited);
  await createStripeProcessor(CONFIG, { stripe: own.stripe }).mountPages(limited, async () => {});
  const url = `/store/checkout?${checkoutQuery()}`;
  for (let i = 0; i < CHECKOUTS_PER_ADDRESS.max; i += 1)
    expect((await limited.inject({ url })).statusCode).toBe(200);
  const over = await limited.inject({ url });
  const elsewhere = await limited.inject({ url, remoteAddress: '10.0.0.2' });
  await limited.close();
  expect(over.statusCode).toBe(429);
  expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(own.requests).toHaveLength(CHECKOUTS_PER_ADDRESS.max + 1);
  expect(elsewhere.statusCode).toBe(200);
});

describe('the Stripe return page', () => {
  test('after a completed checkout it runs the script that thanks the app', async () => {
    const res = await app.inject({ url: '/store/return?session_id=cs_test_1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="checkout-complete"');
    expect(res.body).toContain('<script src="/store/stripe-checkout.js" defer></script>');
    expect(String(res.headers['content-security-policy'])).toContain('https://js.stripe.com');
  });

  test('an open checkout is not thanked; an unknown or malformed one is a 4xx', async () => {
    const open = await app.inject({ url: '/store/return?session_id=cs_test_open' });
    expect(open.body).not.toContain('checkout-complete');
    const gone = await app.inject({ url: '/store/return?session_id=cs_test_gone' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await app.inject({ url: '/store/return?session_id=evil' });
    expect(bad.statusCode).toBe(400);
  });
});
