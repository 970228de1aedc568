/**
 * The Stripe checkout frame in Chromium, under a real Content-Security-Policy: the store page
 * loads Stripe.js (a stand-in served for https://js.stripe.com, since the tests have no network)
 * and its own script, mounts the checkout with the session's secret, and on completion posts
 * 'thankyou' to the app that framed it. The app's other pages still refuse Stripe.js.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStripeProcessor } from '#server/billing/stripe/stripe-processor.ts';
import { installErrorHandling } from '#server/http/errors.ts';
import { launchBrowser, openPage, PHONE, screenshot } from '../support/browser.ts';
import { CONFIG, fakeStripe, GUID, ok, PRICES } from '../support/stripe.ts';

/** Stands in for Stripe.js: mounts a "Pay" button that completes the checkout. */
const STRIPE_JS = `
window.Stripe = (key) => ({
  createEmbeddedCheckoutPage: async (options) => ({
    mount: async (element) => {
      const secret = await options.fetchClientSecret();
      const pay = document.createElement('button');
      pay.textContent = 'Pay';
      pay.addEventListener('click', () => options.onComplete());
      element.dataset.mounted = key + ' ' + secret;
      element.append(pay);
    },
  }),
});`;

let app: FastifyInstance;
let url: string;
let browser: Browser;
beforeAll(async () => {
  const { stripe } = fakeStripe({
    'POST /v1/checkout/sessions': ok({
      id: 'cs_test_1',
      object: 'checkout.session',
      client_secret: 'cs_secret_1',
    }),
  });
  app = Fastify();
  installErrorHandling(app);
  // The app's policy in short: scripts and frames from its own origin only.
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { 'script-src': ["'self'"], 'frame-src': ["'self'"] } },
  });
  app.get('/app', async (_request, reply) =>
    reply.type('text/html').send('<!doctype html><title>App</title><main>App</main>'),
  );
  await createStripeProcessor(CONFIG, { stripe }).mountPages(app, async () => {});
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the Stripe checkout frame', () => {
  test('mounts the checkout under its policy and thanks the app that framed it', async () => {
    const { context, page } = await openPage(browser, url, PHONE);
    try {
      await context.route('https://js.stripe.com/**', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS }),
      );
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/app');
      const query = new URLSearchParams({ product: PRICES[112], email: 'ann@x.test', guid: GUID, test: '1' });
      await page.evaluate((src) => {
        const received: unknown[] = [];
        Object.assign(window, { received });
        window.addEventListener('message', (event) => received.push([event.data, event.origin]));
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.style.cssText = 'width:100%;height:400px';
        document.body.append(frame);
      }, `/store/checkout?${query}`);

      const checkout = page.frameLocator('iframe').locator('#checkout');
      await expect
        .poll(() => checkout.getAttribute('data-mounted'))
        .toBe(`${CONFIG.publishableKey} cs_secret_1`);
      await screenshot(page, 'stripe-checkout-frame');
      await page.frameLocator('iframe').getByRole('button', { name: 'Pay' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as Window & { received?: unknown[] }).received))
        .toEqual([['thankyou', new URL(url).origin]]);
      expect(violations).toEqual([]);

      // The app's own page keeps its policy: Stripe.js is refused there.
      const loaded = await page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const script = document.createElement('script');
            script.src = 'https://js.stripe.com/clover/stripe.js';
            script.onload = () => resolve(true);
            script.onerror = () => resolve(false);
            document.head.append(script);
          }),
      );
      expect(loaded).toBe(false);
    } finally {
      await context.close();
    }
  });
});
