/**
 * What the pricing page shows, derived from the plans on offer and the user's subscription:
 * the plans of one billing cycle, their price texts, each plan's button (domain `planButton`)
 * and the banner for an ended trial or subscription.
 */
import type { SubscriptionAnswer } from '#api/account.ts';
import type { PlanOffer } from '#api/billing.ts';
import type { PricingCycle } from '#app/route-params.ts';
import { formatMoney } from '#domain/columns/number-format.ts';
import { PlanButton, planButton } from '#domain/plans/plan-button.ts';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import { BillingCycle, type PlanId, planParts } from '#domain/plans/plan-id.ts';
import { isPremium, SubscriptionStatus } from '#domain/plans/subscription-status.ts';

const CYCLE_MONTHS = { monthly: BillingCycle.Monthly, yearly: BillingCycle.Yearly } as const;

/**
 * The cycle shown when the address names none: the one of the user's own (or last) plan, so
 * that plan and its button are on screen; yearly otherwise, the better price (about 20% less).
 */
export function defaultCycle(planId: PlanId | null | undefined): PricingCycle {
  return planId != null && planParts(planId).cycle === BillingCycle.Monthly ? 'monthly' : 'yearly';
}

/** The offers of one cycle, Beginner before Advanced. */
export function offersOf(plans: readonly PlanOffer[], cycle: PricingCycle): PlanOffer[] {
  return plans
    .filter((p) => planParts(p.planId).cycle === CYCLE_MONTHS[cycle])
    .sort((a, b) => a.planId - b.planId);
}

/** Whole dollars without cents ('$39'), other amounts with them ('$39.50'). */
export const priceText = (cents: number): string => formatMoney(cents / 100, cents % 100 === 0 ? 0 : 2);

/** 'Billed $468 every year', or with a promotion '$400 for the first year, then $468 every year'. */
export function billedText(offer: PlanOffer): string {
  const period = planParts(offer.planId).cycle === BillingCycle.Yearly ? 'year' : 'month';
  const every = `${priceText(offer.billedPriceCents)} every ${period}`;
  return offer.promotion
    ? `${priceText(offer.promotion.newBilledPriceCents)} for the first ${period}, then ${every}`
    : `Billed ${every}`;
}

export const mailtoHref = (email: string, subject: string): string =>
  `mailto:${email}?subject=${encodeURIComponent(subject)}`;

/** A plan's button: a page of the app (checkout, the account page) or an e-mail to support. */
export interface PlanAction {
  readonly kind: 'page' | 'email';
  readonly label: string;
  readonly href: string;
  /** A plain (outlined) button rather than the main one: leaving or stepping down a plan. */
  readonly secondary: boolean;
}

export function planAction(
  subscription: Pick<SubscriptionAnswer, 'status' | 'planId' | 'processor'>,
  planId: PlanId,
  supportEmail: string,
): PlanAction {
  const button = planButton(subscription.planId, subscription.status, subscription.processor, planId);
  switch (button) {
    case PlanButton.Email:
      // Billed outside the app: neither changed nor cancelled here (spec 1 §6).
      return {
        kind: 'email',
        label: 'E-MAIL SUPPORT',
        href: mailtoHref(supportEmail, `My subscription: ${PLANS[planId].name}`),
        secondary: true,
      };
    case PlanButton.Cancel:
      return { kind: 'page', label: button, href: '/account', secondary: true };
    default:
      return {
        kind: 'page',
        label: button,
        href: `/checkout/${planId}`,
        secondary: button === PlanButton.Downgrade,
      };
  }
}

/** The plan the user pays for now (cancelled or not), marked on its card. */
export const currentPlanId = (subscription: Pick<SubscriptionAnswer, 'status' | 'planId'>): PlanId | null =>
  isPremium(subscription.status) ? subscription.planId : null;

export interface ExpiryBanner {
  readonly title: string;
  readonly text: string;
}

/** The banner over the plans once the trial (1) or the paid subscription (4) has ended. */
export function expiryBanner(status: SubscriptionStatus): ExpiryBanner | null {
  if (status === SubscriptionStatus.TrialEnded)
    return {
      title: 'Your free trial has ended',
      text: 'Choose a plan to keep screening, analyzing and logging your trades.',
    };
  if (status === SubscriptionStatus.PremiumEnded)
    return {
      title: 'Your subscription has ended',
      text: 'Renew with any plan below to get back to your scans, lists and trades.',
    };
  return null;
}
