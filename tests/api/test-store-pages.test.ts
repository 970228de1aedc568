/**
 * The embedded test store's pages over real HTTP, mounted on a bare server with a stub webhook:
 * the checkout page, the pay and confirm calls, and the signed event a payment delivers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestStoreServer, type TestStoreServer } from '../support/test-store-server.ts';

const NOW = Date.UTC(2026, 4, 20, 12);
const GUID = '3f1c6a52-5d0e-4b8e-9a57-6c1f0f1e2a3b';
let server: TestStoreServer;
let realNow = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  server = await startTestStoreServer({ nowMs: NOW, realNow: () => realNow });
});
afterAll(() => server?.close());
beforeEach(() => {
  server.deliveries.length = 0;
  server.failDeliveries(false);
});

const page = (query: string) => fetch(`${server.url}/store/checkout?${query}`);
const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const card = (number: string, changes: Record<string, string> = {}) => ({
  number,
  expiry: '12/27',
  cvc: '123',
  name: 'Ann Lee',
  ...changes,
});
const pay = (number: string, extra: Record<string, unknown> = {}) =>
  post('/store/pay', {
    product: 'OS-ADV-Y',
    guid: GUID,
    email: 'ann@example.com',
    card: card(number),
    ...extra,
  });

describe('GET /store/checkout', () => {
  test('the product, its price with the promotion crossed out, test mode and the card form', async () => {
    const response = await page(
      `product=OS-ADV-Y&first_name=Ann&last_name=Lee&email=ann%40x.test&guid=${GUID}&test=1&coupon=SPRING`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<h1>Advanced Yearly</h1>');
    expect(html).toContain(
      '<s>$708.00</s><strong>$608.00</strong> for the first year, then $708.00 per year',
    );
    expect(html).toContain('TEST MODE — no real money moves');
    expect(html).toContain('Pay $608.00');
    for (const number of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0027 6000 3184',
      '4000 0000 0000 0341',
    ])
      expect(html).toContain(number);
    expect(html).toContain('inputmode="numeric" autocomplete="cc-number"');
    expect(html).toContain('value="Ann Lee"');
    expect(html).toContain(`data-guid="${GUID}" data-email="ann@x.test" data-coupon="SPRING"`);
    // No inline script: the CSP would block it.
    expect(html).toMatch(/<script src="\/store\/store.js" defer><\/script>/);
    expect(html).not.toMatch(/<script>/);
  });

  test('without a promotion the list price, and a coupon the store does not honour changes nothing', async () => {
    const html = await (await page(`product=OS-BEG-M&guid=${GUID}&coupon=NOPE`)).text();
    expect(html).toContain('<strong>$49.00</strong> per month');
    expect(html).not.toContain('<s>');
    expect(html).toContain('Pay $49.00');
  });

  test('a name with markup is shown as text', async () => {
    const first = encodeURIComponent('<script>alert(1)</script>');
    const email = encodeURIComponent('"><img src=x onerror=alert(1)>@x.test');
    const html = await (
      await page(`product=OS-BEG-M&first_name=${first}&last_name=Lee&email=${email}&guid=${GUID}`)
    ).text();
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt; Lee"');
    expect(html).toContain('data-email="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@x.test"');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
  });

  test.each([
    [
      'an unknown product',
      `product=OS-PRO-M&guid=${GUID}`,
      "The store does not sell the product 'OS-PRO-M'.",
    ],
    ['no product', `guid=${GUID}`, "The store does not sell the product ''."],
    ['no buyer', 'product=OS-BEG-M', 'The checkout address does not name the buyer.'],
    [
      'a malformed coupon',
      `product=OS-BEG-M&guid=${GUID}&coupon=%3Cb%3E`,
      'The checkout address is not valid.',
    ],
  ])('%s: an error page saying so', async (_name, query, message) => {
    const response = await page(query);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('This checkout cannot be shown');
    expect(html).toContain(message.replace(/'/g, '&#39;'));
    // The checkout form's script is for the form, which this page has not.
    expect(html).not.toContain('store.js');
  });

  test('the script is served from the store, for the CSP', async () => {
    const response = await fetch(`${server.url}/store/store.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(await response.text()).toContain("window.parent.postMessage('thankyou', location.origin)");
  });
});

describe('POST /store/pay', () => {
  test('4242 pays: one signed purchase delivered, which the store reads back as its event', async () => {
    const response = await pay('4242 4242 4242 4242', { coupon: 'SPRING' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(server.deliveries).toHaveLength(1);
    const [delivery] = server.deliveries;
    const header = delivery!.headers['teststore-signature'];
    // Dated by the real time, as the webhook checks it (the business clock may be moved).
    expect(header).toMatch(new RegExp(`^t=${Math.floor(realNow / 1000)},v1=[0-9a-f]{64}$`));
    const events = server.store.readWebhook(
      Buffer.from(delivery!.body),
      { 'teststore-signature': header },
      realNow,
    );
    expect(events).toEqual([JSON.parse(delivery!.body)]);
    expect(events[0]).toMatchObject({
      occurredMs: NOW,
      userGuid: GUID,
      subscription: {
        planId: 112,
        periodStartMs: NOW,
        periodEndMs: Date.UTC(2027, 4, 20, 12),
        paymentMethod: 'Visa •••• 4242',
      },
      charge: {
        reason: 'purchase',
        subtotalCents: 70800,
        discountCents: 10000,
        totalCents: 60800,
        paid: true,
      },
    });
  });

  test('0341 pays now (the card on file is remembered for later charges)', async () => {
    const response = await pay('4000 0000 0000 0341');
    expect(await response.json()).toEqual({ ok: true });
    expect(JSON.parse(server.deliveries[0]!.body).subscription.paymentMethod).toBe('Visa •••• 0341');
  });

  test('0002 is declined with its message and delivers nothing', async () => {
    const response = await pay('4000 0000 0000 0002');
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect(server.deliveries).toEqual([]);
  });

  test.each([
    ['4242 4242 4242 4241', {}, 'The card number is not valid. Please check it.'],
    ['5555 5555 5555 4444', {}, 'Use one of the test cards listed above.'],
    ['4242 4242 4242 4242', { expiry: '04/26' }, 'Your card has expired.'],
    ['4242 4242 4242 4242', { cvc: '12' }, 'The security code (CVC) must be 3 or 4 digits.'],
  ])('%s %j: 400 with "%s", nothing delivered', async (number, changes, message) => {
    const response = await post('/store/pay', {
      product: 'OS-BEG-M',
      guid: GUID,
      email: '',
      card: card(number, changes),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(server.deliveries).toEqual([]);
  });

  test('with the business clock a month ahead: the purchase is dated by it, its signature by the real time', async () => {
    const later = NOW + 31 * 86_400_000;
    server.setNow(later);
    try {
      expect(await (await pay('4242 4242 4242 4242')).json()).toEqual({ ok: true });
    } finally {
      server.setNow(NOW);
    }
    const { body, headers } = server.deliveries[0]!;
    const [event] = server.store.readWebhook(Buffer.from(body), headers, realNow);
    expect(event).toMatchObject({ occurredMs: later, subscription: { periodStartMs: later } });
  });

  test('the business clock decides whether a card has expired', async () => {
    server.setNow(Date.UTC(2028, 0, 1));
    try {
      const response = await pay('4242 4242 4242 4242');
      expect(await response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Your card has expired.' });
    } finally {
      server.setNow(NOW);
    }
  });

  test('an unknown product is refused', async () => {
    const response = await pay('4242 4242 4242 4242', { product: 'OS-PRO-M' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'The store does not sell this product.' });
  });

  test.each([
    ['malformed JSON', '{"product":', 'MALFORMED_JSON'],
    ['JSON that is not the form', '[1,2]', 'VALIDATION_FAILED'],
    [
      'an unknown field',
      JSON.stringify({
        product: 'OS-BEG-M',
        guid: GUID,
        email: '',
        card: card('4242424242424242'),
        amount: 1,
      }),
      'VALIDATION_FAILED',
    ],
  ])('%s: 400 with a message', async (_name, body, code) => {
    const response = await post('/store/pay', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code, message: expect.stringMatching(/\w/) });
    expect(server.deliveries).toEqual([]);
  });

  test('a body past the small limit is refused before it is read', async () => {
    const response = await pay('4242 4242 4242 4242', { email: 'x'.repeat(5000) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  test('when the webhook cannot take the event: 502 and a message to try again', async () => {
    server.failDeliveries(true);
    const response = await pay('4242 4242 4242 4242');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      message: 'The payment could not be completed. Please try again.',
    });
  });
});

describe('the confirmation step (4000 0027 6000 3184)', () => {
  const confirmToken = async () => {
    const response = await pay('4000 0027 6000 3184');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { confirm: string };
    expect(answer.confirm).toMatch(/^[0-9a-f]{32}$/);
    expect(server.deliveries).toEqual([]);
    return answer.confirm;
  };

  test('Complete pays (once: a second answer finds nothing)', async () => {
    const token = await confirmToken();
    const response = await post('/store/confirm', { token, approve: true });
    expect(await response.json()).toEqual({ ok: true });
    expect(server.deliveries).toHaveLength(1);
    expect(JSON.parse(server.deliveries[0]!.body).subscription.paymentMethod).toBe('Visa •••• 3184');
    const again = await post('/store/confirm', { token, approve: true });
    expect(again.status).toBe(404);
    expect(server.deliveries).toHaveLength(1);
  });

  test('Fail charges nothing', async () => {
    const token = await confirmToken();
    const response = await post('/store/confirm', { token, approve: false });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      code: 'PAYMENT_DECLINED',
      message: 'The payment was not confirmed, so nothing was charged.',
    });
    expect(server.deliveries).toEqual([]);
  });

  test('a confirmation waits 15 minutes of real time at most', async () => {
    const token = await confirmToken();
    realNow += 15 * 60_000;
    const response = await post('/store/confirm', { token, approve: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      message: 'This payment is no longer waiting for confirmation. Please pay again.',
    });
    expect(server.deliveries).toEqual([]);
  });

  test('an unknown token', async () => {
    const response = await post('/store/confirm', { token: 'nope', approve: true });
    expect(response.status).toBe(404);
  });
});

test('the pay and confirm calls are limited per address: 20 a minute', async () => {
  const own = await startTestStoreServer();
  try {
    const attempt = () =>
      fetch(`${own.url}/store/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'nope', approve: true }),
      });
    for (let i = 0; i < 20; i++) expect((await attempt()).status).toBe(404);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  } finally {
    await own.close();
  }
});
