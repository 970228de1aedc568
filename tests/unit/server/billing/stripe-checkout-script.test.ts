/**
 * The checkout frame's script, run against a stand-in for Stripe.js and the frame's window
 * (Stripe.js itself comes from js.stripe.com, out of reach of the tests).
 */
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { createStripeProcessor } from '#server/billing/stripe/stripe-processor.ts';
import { CONFIG, fakeStripe } from '#tests/support/stripe.ts';

/** The script as the store serves it. */
let SCRIPT = '';
beforeAll(async () => {
  const app = Fastify();
  await createStripeProcessor(CONFIG, { stripe: fakeStripe({}).stripe }).mountPages(app, async () => {});
  SCRIPT = (await app.inject({ url: '/store/stripe-checkout.js' })).body;
  await app.close();
});
const ORIGIN = 'https://app.test';

interface CheckoutOptions {
  readonly fetchClientSecret: () => Promise<string>;
  readonly onComplete: () => void;
}

/** Runs the script in a frame holding `elementId` and answers what it did. */
async function run(elementId: string, stripeApi: 'clover' | 'v3' = 'clover') {
  const posted: [unknown, string][] = [];
  const created: { key: string; options?: CheckoutOptions; mountedOn?: unknown } = { key: '' };
  const element = { id: elementId, dataset: { publishableKey: 'pk_test_1', clientSecret: 'cs_secret_1' } };
  const create = async (options: CheckoutOptions) => {
    created.options = options;
    return {
      mount: (target: unknown) => {
        created.mountedOn = target;
      },
    };
  };
  const stripeJs = (key: string) => {
    created.key = key;
    return stripeApi === 'clover' ? { createEmbeddedCheckoutPage: create } : { initEmbeddedCheckout: create };
  };
  const window = {
    Stripe: stripeJs,
    parent: { postMessage: (message: unknown, target: string) => posted.push([message, target]) },
  };
  const document = { getElementById: (id: string) => (id === elementId ? element : null) };
  runInNewContext(SCRIPT, { window, document, location: { origin: ORIGIN } });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { posted, created, element };
}

describe('the Stripe checkout frame script', () => {
  test.each(['clover', 'v3'] as const)(
    'mounts the embedded checkout with the page’s key and session (Stripe.js %s)',
    async (api) => {
      const { created, element, posted } = await run('checkout', api);
      expect(created.key).toBe('pk_test_1');
      expect(await created.options?.fetchClientSecret()).toBe('cs_secret_1');
      expect(created.mountedOn).toBe(element);
      expect(posted).toEqual([]);
    },
  );

  test('a completed payment posts "thankyou" to the app, on the frame’s own origin only', async () => {
    const { created, posted } = await run('checkout');
    created.options?.onComplete();
    expect(posted).toEqual([['thankyou', ORIGIN]]);
  });

  test('the return page of a completed checkout thanks the app at once', async () => {
    const { posted, created } = await run('checkout-complete');
    expect(posted).toEqual([['thankyou', ORIGIN]]);
    expect(created.key).toBe('');
  });

  test('a page without either element does nothing', async () => {
    const { posted, created } = await run('other');
    expect(posted).toEqual([]);
    expect(created.key).toBe('');
  });
});
