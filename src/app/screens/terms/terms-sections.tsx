/**
 * The terms of service (spec 1 §9, spec 3 §1), one entry per section; each section's id is its
 * address on the page (/terms#privacy). Prices and limits stay on the pricing page.
 */
import { AppLink } from '#app/components/AppLink.tsx';
import { SUPPORT_EMAIL } from '#app/shell/navigation.ts';
import { TRIAL_DAYS } from '#domain/plans/subscription-status.ts';

export interface TermsSection {
  readonly id: string;
  readonly title: string;
  readonly body: React.ReactNode;
}

const support = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'service',
    title: 'The service',
    body: (
      <>
        <p>
          OptionScout is an options-research app: a screener that scans the market for option strategies, an
          analyzer for a single stock, a virtual trade log, emailed reports and a spreadsheet add-in. It runs
          in your browser and installs as an app on phones, tablets and desktops.
        </p>
        <p>
          By creating an account or using OptionScout you accept these terms. When they change, the new terms
          apply from the day they are published on this page.
        </p>
      </>
    ),
  },
  {
    id: 'not-advice',
    title: 'Financial information, not advice',
    body: (
      <>
        <p>
          OptionScout gives financial information only, not investment advice. Nothing in the app, its reports
          or its e-mails is a recommendation to buy or sell any security. Quotes, prices and calculations may
          be delayed, incomplete or wrong.
        </p>
        <p>
          Options trading involves substantial risk and is not suitable for every investor. The trades you
          record in the trade log are virtual: no order reaches a broker unless you send it yourself. You
          alone decide what you trade and bear the outcome.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <p>
        You sign in with your e-mail address. An account is for one person: keep your password to yourself and
        tell us at once if someone else may have used it. Disposable and mistyped e-mail addresses are
        refused.
      </p>
    ),
  },
  {
    id: 'trial',
    title: 'Free trial',
    body: (
      <p>
        A new account starts with a {TRIAL_DAYS}-day free trial. No payment details are needed for it, and
        nothing is charged when it ends. After the trial, the account can reach only the pricing and checkout
        pages until a plan is bought. Each person gets one trial: a new account with the same e-mail address
        does not get a new one.
      </p>
    ),
  },
  {
    id: 'billing',
    title: 'Billing',
    body: (
      <>
        <p>
          Plans are billed in advance and recur: every month or every year, depending on the plan, until you
          cancel. Prices are in US dollars and do not include tax; any tax that applies is added. The current
          prices are on the <AppLink href="/pricing">pricing page</AppLink>.
        </p>
        <p>
          An upgrade starts a new billing period at once and is charged at once, less a prorated credit for
          the unused part of the current period. A downgrade takes effect on the next billing date.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation',
    body: (
      <p>
        You may cancel at any time from your account page; a plan arranged with support is cancelled by
        e-mail. A cancelled plan is not renewed and stays active until the end of the period you paid for.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>Initial payments and monthly plans are non-refundable.</p>
        <p>
          Annual renewals are refundable within 7 calendar days of the renewal: write to {support} within that
          time. The refund arrives within up to 7 business days.
        </p>
      </>
    ),
  },
  {
    id: 'fair-use',
    title: 'Fair use',
    body: (
      <p>
        Plans come with quotas, and some resources are offered as unlimited. Heavy use of quota-based or
        unlimited resources, such as scans, monitors (watched scans) and trades in the trade log, may be
        limited, or the user banned from the service.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <>
        <p>
          We store what the service needs to work: your e-mail address and names, your settings, your saved
          scans, lists and universes, your trading accounts and trades, and your billing records (plan,
          billing periods and invoices). Card details are entered in the payment processor&apos;s checkout and
          never reach us.
        </p>
        <p>
          The app loads no third-party trackers: no advertising or analytics scripts from other companies.
        </p>
        <p>
          You can delete your account at any time under{' '}
          <AppLink href="/settings/account">Settings → Account</AppLink>. This removes your scans, lists,
          universes, trading accounts, trades and your sign-in at once. We then keep only a note that the
          account was deleted and a one-way hash of your e-mail address, so that a new account with it does
          not get a second free trial.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: <p>These terms are governed by the laws of the State of Israel.</p>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: <p>Questions about these terms, your plan or your data: write to {support}.</p>,
  },
];
