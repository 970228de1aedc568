/**
 * /pricing (spec 1 §1, §2, §4, §6): the plans of the chosen billing cycle with the button each
 * gets for the user's subscription, the feature comparison, quotes, questions and links. Ended
 * users reach only this page, checkout and thank-you, so it must work on its own for them.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AppLink } from '#app/components/AppLink.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import { plansQuery } from '#app/features/billing/queries.ts';
import type { PricingCycle, PricingSearch } from '#app/route-params.ts';
import { SUPPORT_EMAIL } from '#app/shell/navigation.ts';
import { ComparisonTable } from './ComparisonTable.tsx';
import { CustomerQuotes } from './CustomerQuotes.tsx';
import { CycleToggle } from './CycleToggle.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PricingFaq } from './PricingFaq.tsx';
import {
  currentPlanId,
  defaultCycle,
  expiryBanner,
  mailtoHref,
  offersOf,
  planAction,
} from './pricing-view.ts';
import './pricing.css';

const pricingRoute = getRouteApi('/pricing');

export function PricingScreen() {
  const search: PricingSearch = pricingRoute.useSearch();
  const navigate = useNavigate();
  const { data: subscription } = useQuery(subscriptionQuery());
  const plans = useQuery(plansQuery());
  const cycle = search.cycle ?? defaultCycle(subscription?.planId);
  // In the address, so a reload or a shared link shows the same prices.
  const chooseCycle = (next: PricingCycle) =>
    void navigate({ to: '/pricing', search: { ...search, cycle: next }, replace: true });
  const supportEmail = plans.data?.supportEmail ?? SUPPORT_EMAIL;
  const banner = subscription ? expiryBanner(subscription.status) : null;
  const current = subscription ? currentPlanId(subscription) : null;

  return (
    <div className="pricing-page">
      {search.notice === 'cancelled' && (
        <p className="pricing-notice success" role="status">
          Your subscription was cancelled.
        </p>
      )}
      {banner && (
        <section className="pricing-notice expiry" role="alert" aria-label={banner.title}>
          <strong>{banner.title}</strong>
          <span>{banner.text}</span>
        </section>
      )}
      <ScreenTitle title="Plans and pricing">
        <p className="pricing-lead">
          Screen the whole options market for your strategy, test the idea on one stock and keep every trade
          in a log, on your phone, tablet and desktop.
        </p>
      </ScreenTitle>
      {plans.data?.testMode && (
        <p className="pricing-notice test-mode" role="note">
          Test mode: use a test card
        </p>
      )}
      <CycleToggle value={cycle} onChange={chooseCycle} />
      {plans.data ? (
        <div className="plan-grid">
          {offersOf(plans.data.plans, cycle).map((offer) => (
            <PlanCard
              key={offer.planId}
              offer={offer}
              action={subscription && planAction(subscription, offer.planId, supportEmail)}
              current={offer.planId === current}
            />
          ))}
        </div>
      ) : plans.isError ? (
        <div className="plan-grid-message" role="alert">
          <p>The plans could not be loaded.</p>
          <button type="button" className="action-button" onClick={() => void plans.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <p className="plan-grid-message" role="status">
          Loading plans…
        </p>
      )}
      <p className="pricing-tax">Tax not included. Prices are in US dollars.</p>
      <ComparisonTable />
      <CustomerQuotes />
      <PricingFaq />
      <nav className="pricing-links" aria-label="Legal and partners">
        <AppLink href="/terms">Terms of service</AppLink>
        <AppLink href="/terms#privacy">Privacy</AppLink>
        <a href={mailtoHref(supportEmail, 'Affiliate program')}>Affiliate program</a>
      </nav>
    </div>
  );
}
