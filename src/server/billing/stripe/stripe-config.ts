/**
 * Stripe's settings, read from the environment (docs/BILLING.md ("Switching to Stripe")). Stripe is switched on
 * by STRIPE_SECRET_KEY alone; once it is set, everything else Stripe needs must be there too, so
 * a half-configured store stops the server at startup instead of failing a customer's checkout.
 */
import { PLAN_IDS, type PlanId } from '#domain/plans/plan-id.ts';

export interface StripeConfig {
  /** `sk_test_…` or `sk_live_…` (or a restricted `rk_…` key). */
  readonly secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  readonly webhookSecret: string;
  /** `pk_…`: the embedded checkout page loads Stripe.js with it. */
  readonly publishableKey: string;
  /** The Stripe price (`price_…`) of each plan: a recurring price of the plan's amount and cycle. */
  readonly priceIds: Readonly<Record<PlanId, string>>;
  /** A test-mode secret key (`sk_test_…`, `rk_test_…`): test cards only, no money moves. */
  readonly testMode: boolean;
}

/** STRIPE_PRICE_1, STRIPE_PRICE_12, STRIPE_PRICE_101, STRIPE_PRICE_112. */
const priceVariable = (planId: PlanId): string => `STRIPE_PRICE_${planId}`;

/**
 * Null without STRIPE_SECRET_KEY (the embedded test store bills then). With it, throws naming the
 * first missing variable among STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY and the four prices.
 */
export function stripeConfigFromEnv(env: Readonly<Record<string, string | undefined>>): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return null;
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value)
      throw new Error(
        `${name} must be set when STRIPE_SECRET_KEY is set (docs/BILLING.md ("Switching to Stripe"))`,
      );
    return value;
  };
  const webhookSecret = required('STRIPE_WEBHOOK_SECRET');
  const publishableKey = required('STRIPE_PUBLISHABLE_KEY');
  const priceIds = Object.fromEntries(PLAN_IDS.map((id) => [id, required(priceVariable(id))])) as Record<
    PlanId,
    string
  >;
  if (new Set(Object.values(priceIds)).size !== PLAN_IDS.length)
    throw new Error('STRIPE_PRICE_1, _12, _101 and _112 must name four different prices');
  const testMode = keyMode(secretKey) === 'test';
  const publishableMode = keyMode(publishableKey);
  if (publishableMode && publishableMode !== (testMode ? 'test' : 'live'))
    throw new Error(
      `STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key but STRIPE_SECRET_KEY is not: the checkout would find no session`,
    );
  return { secretKey, webhookSecret, publishableKey, priceIds, testMode };
}

/** 'test' for `sk_test_…`, `rk_test_…` (restricted) and `pk_test_…`; 'live' for their `_live_` twins. */
function keyMode(key: string): 'test' | 'live' | null {
  if (/^[srp]k_test_/.test(key)) return 'test';
  return /^[srp]k_live_/.test(key) ? 'live' : null;
}
