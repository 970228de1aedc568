/**
 * Billing on a real PostgreSQL (Debian's), through the embedded test store, as on the embedded
 * database: migration 0006, a purchase, an upgrade with its preview, a replayed webhook event,
 * a pending downgrade, cancelling, and the lifecycle job's renewals and endings after the clock
 * moves. Amounts read back as integer cents, and ids of bigint columns as numbers, not strings.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BillingAnswer, PlanChangeAnswer } from '#api/billing.ts';
import { moveClock, ops, type SignedInClient, signedIn } from '../support/auth.ts';
import {
  billingRecord,
  buy,
  postWebhook,
  startBillingServer,
  testStoreSignature,
} from '../support/billing.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import type { TestServer } from '../support/test-server.ts';

let pgServer: TestPostgres;
let server: TestServer;
let sql: pg.Client;
beforeAll(async () => {
  pgServer = await startPostgres();
  server = await startBillingServer({ staticDir: null, databaseUrl: pgServer.url });
  sql = new pg.Client({ connectionString: pgServer.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await server?.stop();
  pgServer?.stop();
});

const subscription = async (client: SignedInClient) =>
  (await (await client.request('/api/v1/account/subscription')).json()) as {
    status: number;
    planId: number | null;
    processor: string | null;
  };

const changePlan = (client: SignedInClient, planId: number, dryRun: boolean) =>
  client.request('/api/v1/account/plan', { method: 'PATCH', body: JSON.stringify({ planId, dryRun }) });

/** The user's ledger as stored, oldest first. */
async function ledger(email: string): Promise<{ kind: string; amount_cents: unknown }[]> {
  const { rows } = await sql.query(
    `select l.kind, l.amount_cents from billing_ledger l join users u on u.id = l.user_id
     where u.email = $1 order by l.id`,
    [email],
  );
  return rows;
}

/** Every invoice's ids and amounts are numbers (bigint ids, integer cents), never strings. */
function expectNumericInvoices(record: BillingAnswer): void {
  for (const invoice of record.invoices) {
    for (const value of [invoice.id, invoice.totalCents, invoice.refundedCents, invoice.planId])
      expect(Number.isInteger(value)).toBe(true);
    for (const line of invoice.lines) expect(Number.isInteger(line.amountCents)).toBe(true);
  }
}

describe('billing on PostgreSQL', () => {
  test('migration 0006 creates the billing tables with integer cents and bigint ids', async () => {
    const { rows: migrations } = await sql.query('select name from kysely_migration order by name');
    expect(migrations.map((r) => r.name)).toContain('0006-billing');
    const { rows } = await sql.query(
      `select table_name, column_name, data_type from information_schema.columns
       where table_schema = 'public' and (column_name like '%cents' or column_name in ('id', 'user_id', 'invoice_id'))
         and table_name in ('invoices', 'billing_ledger', 'sent_notices', 'plan_promotions')`,
    );
    const types = Object.fromEntries(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.data_type]));
    expect(types).toMatchObject({
      'invoices.id': 'bigint',
      'invoices.user_id': 'bigint',
      'invoices.total_cents': 'integer',
      'invoices.refunded_cents': 'integer',
      'billing_ledger.invoice_id': 'bigint',
      'billing_ledger.amount_cents': 'integer',
      'plan_promotions.new_monthly_price_cents': 'integer',
    });
    const { rows: tables } = await sql.query(
      `select table_name from information_schema.tables where table_name = 'billing_events'`,
    );
    expect(tables).toHaveLength(1);
  });

  test('a purchase at the store makes the user premium, with its invoice and ledger in cents', async () => {
    const client = await signedIn(server, 'buyer@example.com');
    await buy(server, client, 1);
    expect(await subscription(client)).toMatchObject({ status: 2, planId: 1, processor: 'teststore' });
    const record = await billingRecord(client);
    expect(record.invoices).toHaveLength(1);
    expect(record.invoices[0]).toMatchObject({ reason: 'purchase', totalCents: 4900, status: 'paid' });
    expectNumericInvoices(record);
    expect(await ledger('buyer@example.com')).toEqual([{ kind: 'charge', amount_cents: 4900 }]);
  });

  test('an upgrade: the preview in cents, then PROCEED charges it and switches at once', async () => {
    const client = await signedIn(server, 'upgrade@example.com');
    await buy(server, client, 1);
    const preview = (await (await changePlan(client, 101, true)).json()) as PlanChangeAnswer;
    // Bought a moment ago: the whole $49.00 month is unused and credited against $75.00.
    expect(preview).toMatchObject({
      kind: 'upgrade',
      newPlanPrice: 7500,
      discountAmount: 0,
      deductAmount: 4900,
      immediateChargeAmount: 2600,
    });
    const proceed = await changePlan(client, 101, false);
    expect(proceed.status).toBe(200);
    expect(await subscription(client)).toMatchObject({ status: 2, planId: 101 });
    const record = await billingRecord(client);
    expect(record.invoices.map((i) => [i.reason, i.totalCents])).toEqual([
      ['upgrade', 2600],
      ['purchase', 4900],
    ]);
    expect(record.periodEnd).toBe(((await proceed.json()) as PlanChangeAnswer).nextBillingDate);
    expectNumericInvoices(record);
    expect(await ledger('upgrade@example.com')).toEqual([
      { kind: 'charge', amount_cents: 4900 },
      { kind: 'charge', amount_cents: 2600 },
      { kind: 'proration_credit', amount_cents: 4900 },
    ]);
  });

  test('a replayed webhook event has no second effect', async () => {
    const client = await signedIn(server, 'replay@example.com');
    await buy(server, client, 1);
    const [purchase] = (await billingRecord(client)).invoices;
    const { rows } = await sql.query('select external_id from invoices where id = $1', [purchase?.id]);
    // A partial refund of the purchase: applied twice, it would refund $20.00 in two ledger lines.
    const body = JSON.stringify({
      id: 'evt_pg_refund',
      occurredMs: Date.now(),
      refund: { chargeExternalId: rows[0]?.external_id, amountCents: 1000 },
    });
    for (let i = 0; i < 2; i++)
      expect((await postWebhook(server, body, testStoreSignature(body, Date.now()))).status).toBe(200);
    expect((await billingRecord(client)).invoices[0]).toMatchObject({
      refundedCents: 1000,
      status: 'refunded',
    });
    expect(await ledger('replay@example.com')).toEqual([
      { kind: 'charge', amount_cents: 4900 },
      { kind: 'refund', amount_cents: 1000 },
    ]);
  });

  test('a downgrade waits for the renewal; cancelling runs to the period end', async () => {
    const pending = await signedIn(server, 'pending@example.com');
    await buy(server, pending, 101);
    const res = await changePlan(pending, 1, false);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('PENDING_PLAN_CHANGE');
    expect(await billingRecord(pending)).toMatchObject({ planId: 101, pendingPlanId: 1, status: 2 });

    const leaving = await signedIn(server, 'leaving@example.com');
    await buy(server, leaving, 101);
    const cancel = await leaving.request('/api/v1/account/subscription', {
      method: 'DELETE',
      body: JSON.stringify({ reasonId: 1 }),
    });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ status: 3, cancelAtPeriodEnd: true });
    const { rows } = await sql.query('select cancel_reason_id from users where email = $1', [leaving.email]);
    expect(rows).toEqual([{ cancel_reason_id: 1 }]);
  });

  test('after the period, `billing run` renews (a pending downgrade at its new price) and ends the cancelled', async () => {
    const buyer = await signedIn(server, 'buyer@example.com');
    const pending = await signedIn(server, 'pending@example.com');
    const leaving = await signedIn(server, 'leaving@example.com');
    const { periodEnd } = await billingRecord(buyer);
    try {
      await moveClock(server, 32);
      const run = (await ops(server, 'billing', 'run')).lines.join('\n');
      expect(run).toMatch(/^Renewals \d+, declined 0,/);
      const renewed = await billingRecord(buyer);
      expect(renewed).toMatchObject({ status: 2, planId: 1, periodStart: periodEnd });
      expect(renewed.invoices[0]).toMatchObject({ reason: 'renewal', totalCents: 4900, issuedAt: periodEnd });
      expectNumericInvoices(renewed);
      expect(await ledger('buyer@example.com')).toEqual([
        { kind: 'charge', amount_cents: 4900 },
        { kind: 'charge', amount_cents: 4900 },
      ]);
      const downgraded = await billingRecord(pending);
      expect(downgraded).toMatchObject({ status: 2, planId: 1, pendingPlanId: null });
      expect(downgraded.invoices[0]).toMatchObject({ reason: 'renewal', planId: 1, totalCents: 4900 });
      expect(await subscription(leaving)).toMatchObject({ status: 4 });
      expect((await billingRecord(leaving)).invoices).toHaveLength(1);
      // A second run changes nothing.
      expect((await ops(server, 'billing', 'run')).lines.join('\n')).toMatch(/^Renewals 0, declined 0,/);
      expect(await ledger('buyer@example.com')).toHaveLength(2);
    } finally {
      await moveClock(server, 0);
    }
  });
});
