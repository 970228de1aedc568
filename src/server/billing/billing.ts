/**
 * Billing (docs/BILLING.md): the plans on offer with the operator's promotions, the checkout
 * frame's address, plan changes, cancelling, refunds, the processors' webhook and the account's
 * billing record. Everything a processor reports goes through `applyBillingEvents`, whether it
 * arrives by webhook or as the answer of a call, so the database ends in the same state either way.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import { type BillingAnswer, type PlanChangeAnswer, type PlansAnswer, planOffer } from '#api/billing.ts';
import { DomainError } from '#domain/errors.ts';
import { isRefundable } from '#domain/plans/cancellation.ts';
import { PlanChangeKind, planChangeKind } from '#domain/plans/plan-change.ts';
import { isValidPlanId, PLAN_IDS, type PlanId, planParts } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { subscriptionAt } from '../users/subscription.ts';
import type { UserRow } from '../users/users.ts';
import {
  type AppliedEffects,
  type ApplyOptions,
  applyBillingEvents,
  billedSubscription,
  invoicesOf,
  invoiceView,
  receiptNumber,
} from './billing-store.ts';
import { GRACE_DAYS } from './grace.ts';
import { type BillingEvent, type BillingProcessor, WebhookRejected } from './processor.ts';
import { priceOf, promotions } from './promotions.ts';

/** The e-mails billing sends; `billing-notices.ts` writes them (tests may record them instead). */
export interface BillingNotices {
  /** Receipts, failed payments and refunds of what was just applied. */
  afterEvents(effects: AppliedEffects): Promise<void>;
}

export interface BillingDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly processor: BillingProcessor;
  readonly notices: BillingNotices;
  readonly supportEmail: string;
  readonly log: { warn(obj: object, msg: string): void };
}

/** What the checkout frame needs to know about the buyer. */
export interface Buyer {
  readonly id: number;
  readonly guid: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

export type Billing = ReturnType<typeof createBilling>;

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export function createBilling(deps: BillingDeps) {
  const { db, clock, processor, notices } = deps;

  async function userRow(userId: number): Promise<UserRow> {
    return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  }

  /** Applies a processor's events, then sends their e-mails (a failed e-mail only logs). */
  async function apply(events: readonly BillingEvent[], options: ApplyOptions = {}) {
    const effects = await applyBillingEvents(db, processor.name, events, options);
    await notices
      .afterEvents(effects)
      .catch((err: unknown) => deps.log.warn({ err }, 'billing e-mail failed'));
    return effects;
  }

  /** The running subscription a plan change or cancel acts on, or the coded reason there is none. */
  function changeable(user: UserRow) {
    const { status } = subscriptionAt(user, clock.now());
    if (status === SubscriptionStatus.Premium && !user.processor)
      throw new DomainError('BILLED_OUTSIDE_APP', { params: { email: deps.supportEmail } });
    const sub = billedSubscription(user);
    if (!sub || (status !== SubscriptionStatus.Premium && status !== SubscriptionStatus.PremiumCancelled))
      throw new DomainError('NO_SUBSCRIPTION');
    if (user.processor !== processor.name)
      throw new DomainError('BILLED_OUTSIDE_APP', { params: { email: deps.supportEmail } });
    return { sub, status };
  }

  return {
    processor,

    async plans(): Promise<PlansAnswer> {
      const promoted = await promotions(db);
      const plans = PLAN_IDS.map((planId) =>
        planOffer(planId, processor.productCode(planId), promoted.get(planId) ?? null),
      );
      return { plans, testMode: processor.testMode, supportEmail: deps.supportEmail };
    },

    /** The store page for buying `planId`; refused while a paid subscription runs (change it instead). */
    async checkoutUrl(buyer: Buyer, planId: PlanId, coupon: string | null): Promise<string> {
      const user = await userRow(buyer.id);
      const { status } = subscriptionAt(user, clock.now());
      if (status === SubscriptionStatus.Premium) {
        if (user.plan_id === planId) throw new DomainError('PLAN_UNCHANGED');
        throw new DomainError('CONFLICT', {
          message: 'You already have a subscription. Change its plan from the pricing page instead.',
        });
      }
      return processor.checkoutUrl({
        productCode: processor.productCode(planId),
        planId,
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        email: buyer.email,
        userGuid: buyer.guid,
        testMode: processor.testMode,
        coupon,
      });
    },

    async record(userId: number): Promise<BillingAnswer> {
      const user = await userRow(userId);
      const now = clock.now();
      const { status, planId } = subscriptionAt(user, now);
      const failedAt = user.payment_failed_at;
      return {
        status,
        planId,
        processor: user.processor,
        periodStart: iso(user.period_start),
        periodEnd: iso(user.period_end),
        cancelAtPeriodEnd: user.cancelled,
        pendingPlanId: isValidPlanId(user.pending_plan_id) ? user.pending_plan_id : null,
        paymentProblem: failedAt
          ? {
              since: failedAt.toISOString(),
              graceEndsAt: new Date(failedAt.getTime() + GRACE_DAYS * 86_400_000).toISOString(),
            }
          : null,
        invoices: (await invoicesOf(db, userId)).map(invoiceView),
        supportEmail: deps.supportEmail,
      };
    },

    /**
     * Spec 1 §4: an upgrade is charged and switched now; a downgrade is scheduled for the period
     * end and answers PENDING_PLAN_CHANGE. A cancelled subscription is not changed (it runs out).
     */
    async changePlan(userId: number, to: PlanId, dryRun: boolean): Promise<PlanChangeAnswer> {
      const user = await userRow(userId);
      const { sub, status } = changeable(user);
      if (status !== SubscriptionStatus.Premium)
        throw new DomainError('NO_SUBSCRIPTION', {
          message: 'A cancelled subscription runs out at the end of its period; buy a plan after that.',
        });
      const kind = planChangeKind(sub.planId, to);
      if (kind === PlanChangeKind.None) throw new DomainError('PLAN_UNCHANGED');
      const now = clock.now();
      // The promotion the pricing page shows on the new plan applies to the change too (the
      // page offers UPGRADE at the promoted price; there is no code to enter).
      const { discountCents } = await priceOf(db, to, (await promotions(db)).get(to)?.couponCode ?? null);
      const preview = await processor.previewChange(sub, to, now, discountCents);
      const answer: PlanChangeAnswer = {
        kind: preview.kind,
        planId: to,
        immediateChargeAmount: preview.immediateChargeAmount,
        newPlanPrice: preview.newPlanPrice,
        discountAmount: preview.discountAmount,
        deductAmount: preview.deductAmount,
        nextBillingDate: new Date(preview.nextBillingDate).toISOString(),
      };
      if (dryRun) return answer;
      const effects = await apply(await processor.changePlan(sub, to, now, discountCents), { userId });
      const failed = effects.charges.find((c) => c.invoice.status === 'failed');
      if (failed)
        throw new DomainError('PAYMENT_DECLINED', {
          params: { reason: failed.failureMessage ?? 'Your card was declined.' },
        });
      if (kind === PlanChangeKind.Downgrade)
        throw new DomainError('PENDING_PLAN_CHANGE', {
          details: { planId: String(to), nextBillingDate: answer.nextBillingDate },
        });
      return answer;
    },

    /** Cancels at the period end, keeping the reason; a second cancel changes nothing. */
    async cancel(userId: number, reasonId: number | null, reasonText: string | null): Promise<void> {
      const user = await userRow(userId);
      const { sub, status } = changeable(user);
      if (status === SubscriptionStatus.PremiumCancelled) return;
      const now = clock.now();
      await apply(await processor.cancelAtPeriodEnd(sub, now), {
        userId,
        within: async (trx, id) => {
          await trx
            .updateTable('users')
            .set({ cancel_reason_id: reasonId, cancel_reason_text: reasonText, cancelled_at: new Date(now) })
            .where('id', '=', id)
            .execute();
        },
      });
    },

    /**
     * Before an account is deleted: a running subscription is cancelled at its processor, so it
     * is never charged again (its events are not applied: the user is about to go).
     */
    async stopRenewals(userId: number): Promise<void> {
      const user = await userRow(userId);
      const sub = billedSubscription(user);
      if (!sub || user.cancelled || user.processor !== processor.name) return;
      await processor.cancelAtPeriodEnd(sub, clock.now());
    },

    /** The webhook: verified by the processor whose signature header it carries. */
    async receiveWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<AppliedEffects> {
      if (headers[processor.signatureHeader] === undefined)
        throw new WebhookRejected(`no ${processor.signatureHeader} header`);
      // Signature timestamps are real time, like tokens' (the business clock may be moved).
      return apply(processor.readWebhook(rawBody, headers, Date.now()));
    },

    /**
     * Spec 1 §9: only an annual renewal, within 7 calendar days of it, is refunded (in full); the
     * subscription then ends at once. Answers the operator's lines; a refusal is a DomainError.
     */
    async refundLatest(user: UserRow): Promise<string[]> {
      const sub = billedSubscription(user);
      const latest = (await invoicesOf(db, user.id)).find((i) => i.status === 'paid');
      if (!sub || !latest || user.processor !== processor.name)
        throw new DomainError('NO_SUBSCRIPTION', { message: `${user.email} has no paid charge to refund.` });
      const now = clock.now();
      const plan = isValidPlanId(latest.plan_id) ? latest.plan_id : 1;
      const refundable = isRefundable(
        {
          cycle: planParts(plan).cycle,
          renewal: latest.reason === 'renewal',
          chargedAtMs: latest.created_at.getTime(),
        },
        now,
      );
      if (!refundable)
        throw new DomainError('CONFLICT', {
          message:
            `${receiptNumber(latest.id)} is not refundable: annual renewals are refundable up to 7 calendar days ` +
            'after the renewal; monthly plans and initial payments are not refundable.',
        });
      await apply(await processor.refund(sub, latest.external_id, latest.total_cents, now), {
        userId: user.id,
        within: async (trx, id) => {
          await trx
            .updateTable('users')
            .set({
              status: SubscriptionStatus.PremiumEnded,
              period_end: new Date(now),
              cancelled: true,
              pending_plan_id: null,
            })
            .where('id', '=', id)
            .execute();
        },
      });
      return [
        `Refunded ${receiptNumber(latest.id)}: $${(latest.total_cents / 100).toFixed(2)} to ${user.email}; the subscription has ended.`,
      ];
    },

    apply,
    userRow,
  };
}
