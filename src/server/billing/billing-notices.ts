/**
 * The e-mails of billing (docs/BILLING.md "Statuses and lifecycle"): a receipt for every paid
 * charge, a notice for a declined one and for a refund (after the events are applied), a trial
 * reminder and an end notice (from the lifecycle job). The texts are `billing-emails.ts`'s.
 */
import type { Kysely } from 'kysely';
import { DAY_MS } from '#domain/plans/calendar.ts';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import { isValidPlanId } from '#domain/plans/plan-id.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from '../users/users.ts';
import type { BillingNotices } from './billing.ts';
import {
  paymentFailedEmail,
  receiptEmail,
  refundEmail,
  subscriptionEndedEmail,
  trialReminderEmail,
} from './billing-emails.ts';
import type { LifecycleNotices } from './billing-lifecycle.ts';
import { invoiceView, receiptNumber } from './billing-store.ts';
import { GRACE_DAYS } from './grace.ts';

const planName = (planId: number | null): string | null =>
  isValidPlanId(planId) ? PLANS[planId].name : null;
const displayName = (user: UserRow): string => user.first_name || user.name || user.email;

export function billingNotices(deps: {
  readonly db: Kysely<Database>;
  readonly mailer: Mailer;
  /** The app's address, for the e-mails' links. */
  readonly appUrl: string;
  readonly supportEmail: string;
}): BillingNotices & LifecycleNotices {
  const { db, mailer } = deps;
  // Every message's links and its 'questions?' footer.
  const links = { appUrl: deps.appUrl, supportEmail: deps.supportEmail };
  const userOf = (id: number) =>
    db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  return {
    async afterEvents(effects) {
      for (const { userId, invoice } of effects.charges) {
        const user = await userOf(userId);
        const to = user.email;
        const name = displayName(user);
        const plan = planName(invoice.plan_id) ?? 'OptionScout';
        if (invoice.status === 'paid') {
          const view = invoiceView(invoice);
          await mailer.send(
            receiptEmail({
              to,
              name,
              receiptNumber: view.number,
              planName: plan,
              reason: invoice.reason,
              periodStartMs: invoice.period_start.getTime(),
              periodEndMs: invoice.period_end.getTime(),
              lines: view.lines,
              totalCents: invoice.total_cents,
              paymentMethod: user.payment_method,
              ...links,
            }),
          );
        } else if (invoice.status === 'failed') {
          const since = user.payment_failed_at?.getTime() ?? invoice.created_at.getTime();
          await mailer.send(
            paymentFailedEmail({
              to,
              name,
              planName: plan,
              totalCents: invoice.total_cents,
              graceEndsMs: since + GRACE_DAYS * DAY_MS,
              ...links,
            }),
          );
        }
      }
      for (const { userId, invoice, amountCents } of effects.refunds) {
        const user = await userOf(userId);
        await mailer.send(
          refundEmail({
            to: user.email,
            name: displayName(user),
            receiptNumber: receiptNumber(invoice.id),
            amountCents,
            ...links,
          }),
        );
      }
    },

    trialReminder: (user, trialEndMs) =>
      mailer.send(
        trialReminderEmail({ to: user.email, name: displayName(user), trialEndsMs: trialEndMs, ...links }),
      ),

    ended: (user, { wasTrial, endedMs }) =>
      mailer.send(
        subscriptionEndedEmail({
          to: user.email,
          name: displayName(user),
          planName: wasTrial ? null : planName(user.plan_id),
          endedMs,
          wasTrial,
          ...links,
        }),
      ),
  };
}
