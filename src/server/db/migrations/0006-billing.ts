import { type Kysely, sql } from 'kysely';

/**
 * Billing (docs/BILLING.md):
 * - `users` gains the rest of its subscription: the paid period's start, the processor's customer
 *   and subscription ids, the card on file (as shown, never the number), a pending plan change, the
 *   cancel reason, when a renewal first failed (the grace period runs from there), and the time of
 *   the newest processor event applied (older state events are ignored: events may arrive out of
 *   order);
 * - `invoices`: one per charge attempt (purchase, renewal, upgrade) with its amounts in cents;
 * - `billing_ledger`: every movement of money, in integer cents: charges, proration credits,
 *   discounts, refunds;
 * - `billing_events`: processor events already applied, so a replayed event has no second effect;
 * - `sent_notices`: e-mails sent by the lifecycle job, so a second run sends none again;
 * - `plan_promotions`: an operator's promoted price, coupon and banner per plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('period_start', 'timestamptz')
    .addColumn('customer_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('pending_plan_id', 'integer')
    .addColumn('cancel_reason_id', 'integer')
    .addColumn('cancel_reason_text', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('payment_failed_at', 'timestamptz')
    .addColumn('billing_event_at', 'timestamptz')
    .execute();
  await sql`create unique index users_subscription_id on users (processor, subscription_id)
    where subscription_id is not null`.execute(db);
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('processor', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('purchase', 'renewal', 'upgrade')`))
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('paid', 'failed', 'refunded')`))
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('invoices_external_id', ['processor', 'external_id'])
    .execute();
  await db.schema.createIndex('invoices_user').on('invoices').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('billing_ledger')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invoice_id', 'bigint', (c) => c.references('invoices.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('charge', 'proration_credit', 'discount', 'refund')`),
    )
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_ledger_user').on('billing_ledger').column('user_id').execute();
  await db.schema
    .createTable('billing_events')
    .addColumn('processor', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('billing_events_pk', ['processor', 'event_id'])
    .execute();
  await db.schema
    .createTable('sent_notices')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sent_notices_pk', ['user_id', 'kind', 'ref'])
    .execute();
  await db.schema
    .createTable('plan_promotions')
    .addColumn('plan_id', 'integer', (c) => c.primaryKey())
    .addColumn('new_monthly_price_cents', 'integer', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('banner', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['plan_promotions', 'sent_notices', 'billing_events', 'billing_ledger', 'invoices'])
    await db.schema.dropTable(table).execute();
  await sql`drop index users_subscription_id`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('period_start')
    .dropColumn('customer_id')
    .dropColumn('subscription_id')
    .dropColumn('payment_method')
    .dropColumn('pending_plan_id')
    .dropColumn('cancel_reason_id')
    .dropColumn('cancel_reason_text')
    .dropColumn('cancelled_at')
    .dropColumn('payment_failed_at')
    .dropColumn('billing_event_at')
    .execute();
}
