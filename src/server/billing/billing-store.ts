/**
 * Billing records in the database: applying what a processor reports (events), in one
 * transaction per event, idempotently, and reading a user's record back for the account page.
 *
 * - An event id is applied once (`billing_events`): a replayed webhook changes nothing.
 * - A subscription state older than the newest one applied (`users.billing_event_at`) is ignored,
 *   so events arriving out of order leave the newest state.
 * - A charge is kept once (`invoices` unique by processor and external id) whenever it arrives,
 *   with its ledger lines (charge, proration credit, discount) when paid.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Invoice, InvoiceLine } from '#api/billing.ts';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import { isValidPlanId, type PlanId } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import type { Database, InvoicesTable } from '../db/schema.ts';
import type { UserRow } from '../users/users.ts';
import type {
  BilledSubscription,
  BillingEvent,
  ChargeReport,
  ProcessorName,
  SubscriptionReport,
} from './processor.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type InvoiceRow = Selectable<InvoicesTable>;

/** What applying events did, for the e-mails sent after the transaction commits. */
export interface AppliedEffects {
  readonly userIds: readonly number[];
  /** Charges first seen now (paid or failed). */
  readonly charges: readonly {
    readonly userId: number;
    readonly invoice: InvoiceRow;
    readonly failureMessage?: string;
  }[];
  readonly refunds: readonly {
    readonly userId: number;
    readonly invoice: InvoiceRow;
    readonly amountCents: number;
  }[];
  /** Events seen before: nothing was applied. */
  readonly duplicates: number;
}

/** An event names nobody this server knows: answered 4xx and not recorded, so a retry may apply it. */
export class UnknownBillingUser extends Error {
  override readonly name = 'UnknownBillingUser';
}

const STATE_STATUS = {
  active: SubscriptionStatus.Premium,
  past_due: SubscriptionStatus.Premium,
  ended: SubscriptionStatus.PremiumEnded,
} as const;

async function userOfEvent(
  trx: Db,
  processor: ProcessorName,
  event: BillingEvent,
  knownUserId: number | undefined,
): Promise<UserRow> {
  const bySubscription = (id: string) =>
    trx
      .selectFrom('users')
      .selectAll()
      .where('processor', '=', processor)
      .where('subscription_id', '=', id)
      .executeTakeFirst();
  let user: UserRow | undefined;
  if (knownUserId !== undefined)
    user = await trx.selectFrom('users').selectAll().where('id', '=', knownUserId).executeTakeFirst();
  else if (event.userGuid)
    user = await trx.selectFrom('users').selectAll().where('guid', '=', event.userGuid).executeTakeFirst();
  if (!user && event.subscription) user = await bySubscription(event.subscription.subscriptionId);
  if (!user && event.refund) {
    const invoice = await trx
      .selectFrom('invoices')
      .select('user_id')
      .where('processor', '=', processor)
      .where('external_id', '=', event.refund.chargeExternalId)
      .executeTakeFirst();
    if (invoice)
      user = await trx.selectFrom('users').selectAll().where('id', '=', invoice.user_id).executeTakeFirst();
  }
  if (!user) throw new UnknownBillingUser(`event ${event.id} names no known user or subscription`);
  return user;
}

async function applySubscription(
  trx: Db,
  processor: ProcessorName,
  user: UserRow,
  sub: SubscriptionReport,
  occurredMs: number,
): Promise<void> {
  if (user.billing_event_at && occurredMs < user.billing_event_at.getTime()) return;
  const failing = sub.state === 'past_due';
  await trx
    .updateTable('users')
    .set({
      processor,
      customer_id: sub.customerId,
      subscription_id: sub.subscriptionId,
      plan_id: sub.planId,
      period_start: new Date(sub.periodStartMs),
      period_end: new Date(sub.periodEndMs),
      cancelled: sub.cancelAtPeriodEnd,
      pending_plan_id: sub.pendingPlanId,
      status: STATE_STATUS[sub.state],
      payment_failed_at: failing ? (user.payment_failed_at ?? new Date(occurredMs)) : null,
      billing_event_at: new Date(occurredMs),
      ...(sub.paymentMethod ? { payment_method: sub.paymentMethod } : {}),
      // A subscription running again (bought anew, or its cancel undone) has no cancel reason.
      ...(sub.cancelAtPeriodEnd
        ? {}
        : { cancel_reason_id: null, cancel_reason_text: null, cancelled_at: null }),
    })
    .where('id', '=', user.id)
    .execute();
}

async function recordCharge(
  trx: Db,
  processor: ProcessorName,
  userId: number,
  charge: ChargeReport,
  occurredMs: number,
): Promise<InvoiceRow | null> {
  const invoice = await trx
    .insertInto('invoices')
    .values({
      user_id: userId,
      processor,
      external_id: charge.externalId,
      plan_id: charge.planId,
      reason: charge.reason,
      period_start: new Date(charge.periodStartMs),
      period_end: new Date(charge.periodEndMs),
      subtotal_cents: charge.subtotalCents,
      discount_cents: charge.discountCents,
      credit_cents: charge.creditCents,
      total_cents: charge.totalCents,
      status: charge.paid ? 'paid' : 'failed',
      created_at: new Date(occurredMs),
    })
    .onConflict((oc) => oc.columns(['processor', 'external_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!invoice || !charge.paid) return invoice ?? null;
  const lines = [
    { kind: 'charge' as const, amount_cents: charge.totalCents },
    { kind: 'proration_credit' as const, amount_cents: charge.creditCents },
    { kind: 'discount' as const, amount_cents: charge.discountCents },
  ].filter((line) => line.amount_cents > 0 || line.kind === 'charge');
  await trx
    .insertInto('billing_ledger')
    .values(
      lines.map((line) => ({
        ...line,
        user_id: userId,
        invoice_id: invoice.id,
        created_at: new Date(occurredMs),
      })),
    )
    .execute();
  return invoice;
}

async function recordRefund(
  trx: Db,
  processor: ProcessorName,
  userId: number,
  refund: NonNullable<BillingEvent['refund']>,
  occurredMs: number,
): Promise<InvoiceRow | null> {
  const invoice = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('processor', '=', processor)
    .where('external_id', '=', refund.chargeExternalId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!invoice) return null;
  const refundedCents = Math.min(invoice.total_cents, invoice.refunded_cents + refund.amountCents);
  const updated = await trx
    .updateTable('invoices')
    .set({ refunded_cents: refundedCents, status: 'refunded' })
    .where('id', '=', invoice.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('billing_ledger')
    .values({
      user_id: userId,
      invoice_id: invoice.id,
      kind: 'refund',
      amount_cents: refundedCents - invoice.refunded_cents,
      created_at: new Date(occurredMs),
    })
    .execute();
  return updated;
}

/** How events are applied: for a known user (a call's answer), with a route's own changes. */
export interface ApplyOptions {
  /** The user the events are about, when the server asked the processor itself. */
  readonly userId?: number;
  /** Runs in each event's transaction, so a route's own changes commit with it. */
  readonly within?: (trx: Transaction<Database>, userId: number) => Promise<void>;
}

/**
 * Applies `events` in order, each in its own transaction. Throws UnknownBillingUser for an event
 * naming no known user; the events before it stay applied.
 */
export async function applyBillingEvents(
  db: Kysely<Database>,
  processor: ProcessorName,
  events: readonly BillingEvent[],
  options: ApplyOptions = {},
): Promise<AppliedEffects> {
  const { userId: knownUserId, within } = options;
  const effects = {
    userIds: [] as number[],
    charges: [] as AppliedEffects['charges'][number][],
    refunds: [] as AppliedEffects['refunds'][number][],
    duplicates: 0,
  };
  for (const event of events) {
    await db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('billing_events')
        .values({ processor, event_id: event.id, type: eventType(event) })
        .onConflict((oc) => oc.columns(['processor', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!fresh) {
        effects.duplicates += 1;
        return;
      }
      // Locked: a renewal and a webhook about the same user never interleave.
      const found = await userOfEvent(trx, processor, event, knownUserId);
      const user = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', found.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      effects.userIds.push(user.id);
      if (event.charge) {
        const invoice = await recordCharge(trx, processor, user.id, event.charge, event.occurredMs);
        if (invoice)
          effects.charges.push({
            userId: user.id,
            invoice,
            ...(event.charge.failureMessage ? { failureMessage: event.charge.failureMessage } : {}),
          });
      }
      if (event.subscription)
        await applySubscription(trx, processor, user, event.subscription, event.occurredMs);
      if (event.refund) {
        const invoice = await recordRefund(trx, processor, user.id, event.refund, event.occurredMs);
        if (invoice)
          effects.refunds.push({ userId: user.id, invoice, amountCents: event.refund.amountCents });
      }
      await within?.(trx, user.id);
    });
  }
  return effects;
}

function eventType(event: BillingEvent): string {
  return (
    [
      event.charge && `charge.${event.charge.reason}`,
      event.subscription && `subscription.${event.subscription.state}`,
      event.refund && 'refund',
    ]
      .filter(Boolean)
      .join('+') || 'none'
  );
}

/** The user's subscription as the processor knows it; null without one bought in the app. */
export function billedSubscription(user: UserRow): BilledSubscription | null {
  if (!user.processor || !user.customer_id || !user.subscription_id || !isValidPlanId(user.plan_id))
    return null;
  if (!user.period_start || !user.period_end) return null;
  return {
    userGuid: user.guid,
    email: user.email,
    customerId: user.customer_id,
    subscriptionId: user.subscription_id,
    planId: user.plan_id,
    periodStartMs: user.period_start.getTime(),
    periodEndMs: user.period_end.getTime(),
    paymentMethod: user.payment_method,
  };
}

const REASON_TEXT = { purchase: 'first period', renewal: 'renewal', upgrade: 'plan change' } as const;

/** The invoice as the account page and the receipt show it; credits and discounts negative. */
export function invoiceView(row: InvoiceRow): Invoice {
  const planId = (isValidPlanId(row.plan_id) ? row.plan_id : 1) as PlanId;
  const lines: InvoiceLine[] = [
    { description: `${PLANS[planId].name}, ${REASON_TEXT[row.reason]}`, amountCents: row.subtotal_cents },
  ];
  if (row.discount_cents > 0) lines.push({ description: 'Promotion', amountCents: -row.discount_cents });
  if (row.credit_cents > 0)
    lines.push({
      description: 'Credit for the unused part of the previous plan',
      amountCents: -row.credit_cents,
    });
  return {
    id: row.id,
    number: receiptNumber(row.id),
    issuedAt: row.created_at.toISOString(),
    planId,
    reason: row.reason,
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    lines,
    totalCents: row.total_cents,
    status: row.status,
    refundedCents: row.refunded_cents,
  };
}

export const receiptNumber = (invoiceId: number): string => `R-${String(invoiceId).padStart(6, '0')}`;

export function invoicesOf(db: Db, userId: number): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}
