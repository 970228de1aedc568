/**
 * Billing through the embedded test store, as a user meets it: the app asks for the checkout
 * frame's address, the store page pays with a test card (its own `POST /store/pay`), and the
 * store's signed event reaches the webhook. Also: signing events by hand (webhook tests) and
 * reading the e-mails the outbox holds.
 */
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { BillingAnswer } from '#api/billing.ts';
import type { Config } from '#server/config.ts';
import { ops, type SignedInClient } from './auth.ts';
import { type InProcessTestServer, startTestServer, type TestServer } from './test-server.ts';

/** The webhook secret billing tests give the test store (TESTSTORE_WEBHOOK_SECRET). */
export const TEST_STORE_SECRET = 'whsec_test_store_secret_for_tests';

/** A test server whose embedded store's webhook events its billing accepts. */
export function startBillingServer(overrides: Partial<Config> = {}): Promise<InProcessTestServer> {
  return startTestServer(overrides, { TESTSTORE_WEBHOOK_SECRET: TEST_STORE_SECRET });
}

/**
 * The operator's spring promotion: Advanced Yearly at $49 a month ($588 for the first year
 * instead of $708) with the coupon SPRING: purchases carrying the code get it, and so do
 * upgrades to the plan (the pricing page shows the promoted price on their button).
 */
export async function promoteSpring(server: TestServer, banner: string): Promise<void> {
  await ops(server, 'promo', '112', '49', '--coupon', 'SPRING', '--banner', banner);
}

export const CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  confirm: '4000002760003184',
  laterDeclined: '4000000000000341',
} as const;

/** The checkout frame's address for `planId`, as the app gets it. */
export async function checkoutUrl(client: SignedInClient, planId: number, coupon?: string): Promise<URL> {
  const res = await client.request('/api/v1/billing/checkout', {
    method: 'POST',
    body: JSON.stringify({ planId, ...(coupon ? { coupon } : {}) }),
  });
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
  return new URL(url, 'http://store.invalid');
}

/** Pays on the store page with `card`; answers the store's reply. */
export async function payAtStore(
  server: TestServer,
  url: URL,
  card: string = CARDS.ok,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const q = url.searchParams;
  const res = await server.request('/store/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      product: q.get('product'),
      guid: q.get('guid'),
      email: q.get('email'),
      ...(q.get('coupon') ? { coupon: q.get('coupon') } : {}),
      card: { number: card, expiry: '12/40', cvc: '123', name: 'Test Buyer' },
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Buys `planId` with a card that succeeds (or `card`); throws when the store refuses. */
export async function buy(
  server: TestServer,
  client: SignedInClient,
  planId: number,
  card?: string,
  coupon?: string,
) {
  const paid = await payAtStore(server, await checkoutUrl(client, planId, coupon), card);
  if (paid.status !== 200) throw new Error(`store: ${paid.status} ${JSON.stringify(paid.body)}`);
}

export async function billingRecord(client: SignedInClient): Promise<BillingAnswer> {
  const res = await client.request('/api/v1/account/billing');
  if (res.status !== 200) throw new Error(`billing: ${res.status} ${await res.text()}`);
  return (await res.json()) as BillingAnswer;
}

/** The test store's signature header of `body` at `atMs`. */
export function testStoreSignature(body: string, atMs: number, secret = TEST_STORE_SECRET): string {
  const t = Math.floor(atMs / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export function postWebhook(server: TestServer, body: string, signature: string | null): Promise<Response> {
  return server.request('/api/v1/billing/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'teststore-signature': signature } : {}),
    },
    body,
  });
}

/** Every message in DATA_DIR/outbox, oldest first. */
export async function outbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(names.sort().map((n) => simpleParser(readFileSync(join(dir, n)))));
}

/** Messages to `to` whose subject matches. */
export async function mailsTo(dataDir: string, to: string, subject: RegExp): Promise<ParsedMail[]> {
  return (await outbox(dataDir)).filter(
    (m) => m.to && JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''),
  );
}
