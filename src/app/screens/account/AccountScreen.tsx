/**
 * /account (spec 1 §2, §6): the plan and its billing record, the invoices, and cancelling — in
 * the app for a subscription paid through a processor, by e-mail for one billed outside it.
 * Deleting the account itself is in Settings → Account.
 */
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '#app/components/AppLink.tsx';
import { errorMessageOf } from '#app/components/error-message.ts';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { billingRecordQuery } from '#app/features/billing/queries.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import { BilledOutside } from './BilledOutside.tsx';
import { CancelForm } from './CancelForm.tsx';
import { InvoiceList } from './InvoiceList.tsx';
import { PlanSummary } from './PlanSummary.tsx';
import '#app/components/billing.css';
import '#app/components/forms.css';
import './account.css';

export function AccountScreen() {
  const billing = useQuery(billingRecordQuery());
  const record = billing.data;
  const inApp = Boolean(record?.processor?.trim());
  const paid =
    record?.status === SubscriptionStatus.Premium || record?.status === SubscriptionStatus.PremiumCancelled;
  return (
    <section className="account-screen">
      <ScreenTitle title="Account" />
      {billing.error && !record && (
        <p className="field-error" role="alert">
          {errorMessageOf(billing.error)}
        </p>
      )}
      {!record && !billing.error && <Spinner label="Loading your subscription" />}
      {record && (
        <div className="account-layout">
          <div className="account-main">
            <PlanSummary record={record} />
            {record.status === SubscriptionStatus.Trial && (
              <p>
                You are on the free trial. <AppLink href="/pricing">See the plans</AppLink>
              </p>
            )}
            {paid && !inApp && <BilledOutside supportEmail={record.supportEmail} />}
            <InvoiceList invoices={record.invoices} />
            <p className="hint">
              Deleting your account is in <AppLink href="/settings/account">Settings → Account</AppLink>.
            </p>
          </div>
          {record.status === SubscriptionStatus.Premium && inApp && !record.cancelAtPeriodEnd && (
            <CancelForm periodEnd={record.periodEnd} />
          )}
        </div>
      )}
    </section>
  );
}
