/**
 * /thankyou[/{planId}] (spec 1 §2, §4, §9): a plan change's state says when it takes effect; a
 * purchase is processed until the subscription says premium (on the plan), then the page says
 * so and goes to the app after 2 seconds.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createQueryClient } from '#app/api/query-client.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import { PerCall, stubApi, TRIAL_SUBSCRIPTION } from '../api-stub.ts';
import { renderAt } from '../render-app.tsx';
import { BILLING_ANSWER, PREMIUM_SUBSCRIPTION } from './billing-fixtures.ts';
import { signedInApp } from './signed-in-app.ts';

signedInApp();

const PROCESSING = 'Your order is being processed. Please check your e-mail and refresh this page.';
const CHANGED = 'Your plan was changed successfully.';

/** The subscription answers `first` until `after` calls were made, then `then`. */
function subscriptionTurning(first: unknown, then: unknown, after: number) {
  let calls = 0;
  return new PerCall(() => (++calls > after ? then : first));
}

describe('/thankyou', () => {
  test('pending: the plan will change on the next billing date', async () => {
    stubApi({
      '/account/subscription': PREMIUM_SUBSCRIPTION,
      '/account/billing': { ...BILLING_ANSWER, pendingPlanId: 12 },
    });
    await renderAt('/thankyou/12?state=pending');
    expect(await screen.findByText('Your plan will change to Beginner Yearly on Jul 2, 2026.')).toBeTruthy();
  });

  test('immediate: nothing charged, the next billing date', async () => {
    stubApi({ '/account/subscription': PREMIUM_SUBSCRIPTION, '/account/billing': BILLING_ANSWER });
    await renderAt('/thankyou/112?state=immediate');
    expect(
      await screen.findByText(
        'Your plan changes to Advanced Yearly. Nothing was charged today; your next billing date is Jul 2, 2026.',
      ),
    ).toBeTruthy();
  });

  test('an unknown state is dropped: the order is being processed', async () => {
    stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION });
    const router = await renderAt('/thankyou/112?state=bogus');
    expect(await screen.findByText(PROCESSING)).toBeTruthy();
    expect((router.state.location.search as { state?: string }).state).toBeUndefined();
  });

  test('polls until premium on the bought plan, says so, then goes to the app after 2 s', async () => {
    const onPlan = { ...PREMIUM_SUBSCRIPTION, planId: 112 };
    // Premium on another plan first: not this purchase yet.
    stubApi({ '/account/subscription': subscriptionTurning(PREMIUM_SUBSCRIPTION, onPlan, 1) });
    const router = await renderAt('/thankyou/112');
    expect(await screen.findByText(PROCESSING)).toBeTruthy();
    expect(await screen.findByText(CHANGED, {}, { timeout: 4000 })).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(router.state.location.pathname).toBe('/thankyou/112');
    await waitFor(() => expect(router.state.location.pathname).toBe('/screener'), { timeout: 2000 });
  }, 10_000);

  test('without a plan, any premium answer completes the order', async () => {
    stubApi({ '/account/subscription': subscriptionTurning(TRIAL_SUBSCRIPTION, PREMIUM_SUBSCRIPTION, 0) });
    await renderAt('/thankyou');
    expect(await screen.findByText(CHANGED)).toBeTruthy();
  });

  test('a cached premium answer from before the page opened does not count', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(
      accountKeys.subscription(),
      { ...PREMIUM_SUBSCRIPTION, planId: 112 },
      { updatedAt: Date.now() - 60_000 },
    );
    stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION });
    await renderAt('/thankyou/112', queryClient);
    // At once, before the fresh answer arrives.
    expect(screen.getByText(PROCESSING)).toBeTruthy();
    expect(screen.queryByText(CHANGED)).toBeNull();
  });
});
