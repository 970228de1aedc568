/** The account's plan: name, status, the next charge or the end, a waiting downgrade, a failed renewal. */
import type { BillingAnswer } from '#api/billing.ts';
import { billingDate, planName } from '#app/features/billing/billing-text.ts';
import { periodLine, statusName } from './account-text.ts';

export function PlanSummary({ record }: { record: BillingAnswer }) {
  const period = periodLine(record);
  const problem = record.paymentProblem;
  return (
    <section className="billing-card" aria-labelledby="account-plan">
      <h2 id="account-plan">{record.planId === null ? 'Free trial' : planName(record.planId)}</h2>
      <dl className="billing-figures">
        <div>
          <dt>Status</dt>
          <dd>{statusName(record.status)}</dd>
        </div>
        {period && (
          <div>
            <dt>{period.label}</dt>
            <dd>{period.day}</dd>
          </div>
        )}
      </dl>
      {record.pendingPlanId !== null && record.periodEnd !== null && (
        <p className="billing-notice">
          Your plan changes to {planName(record.pendingPlanId)} on {billingDate(record.periodEnd)}.
        </p>
      )}
      {problem && (
        <p className="billing-notice" role="alert">
          Your last renewal payment failed on {billingDate(problem.since)}. We retry daily; your access
          continues until {billingDate(problem.graceEndsAt)}. If the payment still fails, the subscription
          ends then. Questions: <a href={`mailto:${record.supportEmail}`}>{record.supportEmail}</a>
        </p>
      )}
    </section>
  );
}
