/**
 * /checkout/{planId} (spec 1 §2, §4, §9): the wait for the user's record, the plan-change
 * confirmation and where PROCEED leads, a failed preview, and the store frame's completion.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, type vi } from 'vitest';
import { PAGE_VIEW_EVENT } from '#app/analytics.ts';
import { PURCHASE_SUCCESS_VIEW } from '#app/features/billing/page-views.ts';
import { PerCall, stubApi, TRIAL_SUBSCRIPTION } from '../api-stub.ts';
import { renderAt } from '../render-app.tsx';
import { PLANS_ANSWER, PREMIUM_SUBSCRIPTION, UPGRADE_PREVIEW } from './billing-fixtures.ts';
import { signedInApp } from './signed-in-app.ts';

signedInApp();

const subscriptionCalls = (fetchStub: ReturnType<typeof vi.fn>) =>
  fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/account/subscription')).length;

/** The plan change answers: the preview for `dryRun`, `change` for PROCEED. */
const planCalls = (change: () => unknown) =>
  new PerCall(({ body }) => ((body as { dryRun: boolean }).dryRun ? UPGRADE_PREVIEW : change()));

describe('/checkout/{planId}', () => {
  test('an id that is not a plan says the plan does not exist and leads to the plans', async () => {
    stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION });
    await renderAt('/checkout/13');
    expect(await screen.findByText(/This plan does not exist/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans on offer' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  test('waits for the account with 6 checks 500 ms apart, then offers to retry', async () => {
    const fetchStub = stubApi({
      '/account/subscription': Response.json({ code: 'INTERNAL', message: 'down' }, { status: 500 }),
    });
    await renderAt('/checkout/101');
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeTruthy();
    // Five pauses of 500 ms: not failed after 2 s.
    await act(() => new Promise((r) => setTimeout(r, 2000)));
    expect(screen.queryByText(/could not load your account/)).toBeNull();
    expect(await screen.findByText(/could not load your account/, {}, { timeout: 3000 })).toBeTruthy();
    // Six checks of its own (the shell's first load may share the first).
    expect(subscriptionCalls(fetchStub)).toBeGreaterThanOrEqual(6);
    expect(subscriptionCalls(fetchStub)).toBeLessThanOrEqual(7);

    stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION, '/billing/plans': PLANS_ANSWER });
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByRole('heading', { name: 'Advanced Monthly' })).toBeTruthy();
  }, 10_000);

  test('a premium subscriber on another plan sees the preview’s five figures', async () => {
    stubApi({ '/account/subscription': PREMIUM_SUBSCRIPTION, '/account/plan': planCalls(() => null) });
    await renderAt('/checkout/101');
    expect(await screen.findByRole('heading', { name: 'Change Plan' })).toBeTruthy();
    await screen.findByText('Charged today');
    const figures = Object.fromEntries(
      [...document.querySelectorAll('.plan-change .billing-figures > div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    );
    expect(figures).toEqual({
      'New plan price': '$75.00',
      Discount: '$0.00',
      'Credit for the unused part of your current plan': '−$25.29',
      'Charged today': '$49.71',
      'Next billing date': 'Feb 16, 2025',
    });
    expect(screen.getByText('Beginner Monthly')).toBeTruthy();
    expect(screen.getByText('Advanced Monthly')).toBeTruthy();
  });

  test.each([
    [
      'a downgrade stored for later',
      () => Response.json({ code: 'PENDING_PLAN_CHANGE', message: 'Pending.' }, { status: 409 }),
      'pending',
    ],
    [
      'a change with nothing to charge',
      () => ({ ...UPGRADE_PREVIEW, immediateChargeAmount: 0 }),
      'immediate',
    ],
    ['a charged upgrade', () => UPGRADE_PREVIEW, undefined],
  ])('PROCEED on %s goes to the thank-you page in its state', async (_name, change, state) => {
    const fetchStub = stubApi({
      '/account/subscription': PREMIUM_SUBSCRIPTION,
      '/account/plan': planCalls(change),
    });
    const router = await renderAt('/checkout/101');
    await screen.findByText('Charged today');
    fireEvent.click(screen.getByText('PROCEED'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thankyou/101'));
    expect((router.state.location.search as { state?: string }).state).toBe(state);
    const change_ = fetchStub.mock.calls.find(
      ([url, init]) => String(url).endsWith('/account/plan') && !JSON.parse(String(init?.body)).dryRun,
    );
    expect(JSON.parse(String(change_?.[1]?.body))).toEqual({ planId: 101, dryRun: false });
  });

  test('after a charged upgrade the preview is not asked again: the new plan is the user’s, the server would refuse it', async () => {
    let changed = false;
    const unchanged = Response.json(
      { code: 'PLAN_UNCHANGED', message: 'This is already your plan.' },
      { status: 409 },
    );
    const fetchStub = stubApi({
      '/account/subscription': PREMIUM_SUBSCRIPTION,
      '/account/plan': new PerCall(({ body }) => {
        if ((body as { dryRun: boolean }).dryRun) return changed ? unchanged : UPGRADE_PREVIEW;
        changed = true;
        return UPGRADE_PREVIEW;
      }),
    });
    const router = await renderAt('/checkout/101');
    await screen.findByText('Charged today');
    const previews = () =>
      fetchStub.mock.calls.filter(
        ([url, init]) => String(url).endsWith('/account/plan') && JSON.parse(String(init?.body)).dryRun,
      ).length;
    const asked = previews();
    fireEvent.click(screen.getByText('PROCEED'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thankyou/101'));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(router.state.location.pathname).toBe('/thankyou/101');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(previews()).toBe(asked);
  });

  test('a declined PROCEED stays on the confirmation and says why', async () => {
    const declined = () =>
      Response.json({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' }, { status: 402 });
    stubApi({ '/account/subscription': PREMIUM_SUBSCRIPTION, '/account/plan': planCalls(declined) });
    const router = await renderAt('/checkout/101');
    await screen.findByText('Charged today');
    fireEvent.click(screen.getByText('PROCEED'));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(router.state.location.pathname).toBe('/checkout/101');
  });

  test('a failed preview says why and goes to /pricing', async () => {
    const refused = Response.json(
      { code: 'BILLED_OUTSIDE_APP', message: 'Please e-mail support to change your plan.' },
      { status: 409 },
    );
    stubApi({ '/account/subscription': PREMIUM_SUBSCRIPTION, '/account/plan': refused });
    const router = await renderAt('/checkout/101');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please e-mail support to change your plan.',
    );
  });

  test('a preview the server failed on shows the generic message', async () => {
    const broken = Response.json({ code: 'INTERNAL', message: 'stack trace' }, { status: 500 });
    stubApi({ '/account/subscription': PREMIUM_SUBSCRIPTION, '/account/plan': broken });
    const router = await renderAt('/checkout/101');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error has occurred. Please try again.',
    );
  });
});

describe('the store frame', () => {
  async function openStore() {
    const fetchStub = stubApi({
      '/account/subscription': TRIAL_SUBSCRIPTION,
      '/billing/plans': PLANS_ANSWER,
      '/billing/checkout': { url: '/store/checkout?product=OS-ADV-Y&coupon=SPRING' },
    });
    const router = await renderAt('/checkout/112');
    const frame = await screen.findByTitle('Secure payment');
    return { fetchStub, router, frame };
  }

  test('shows the store with the promotion’s coupon and the order summary', async () => {
    const { fetchStub, frame } = await openStore();
    expect(frame.getAttribute('src')).toBe('/store/checkout?product=OS-ADV-Y&coupon=SPRING');
    const checkout = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/billing/checkout'));
    expect(JSON.parse(String(checkout?.[1]?.body))).toEqual({ planId: 112, coupon: 'SPRING' });
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(summary.textContent).toContain('Spring offer');
    expect(summary.textContent).toContain('$588.00');
    expect(summary.textContent).toContain('Then $708.00 every year.');
    // The way back to the plans, and a focusable element outside the frame for the keyboard.
    expect(within(summary).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  test('the store’s thankyou message from the app’s origin records the purchase and goes on', async () => {
    const { router } = await openStore();
    const views: string[] = [];
    const onView = (e: Event) => views.push(String((e as CustomEvent<string>).detail));
    window.addEventListener(PAGE_VIEW_EVENT, onView);
    try {
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data: 'thankyou', origin: 'https://evil.test' }));
        window.dispatchEvent(new MessageEvent('message', { data: 'paid', origin: window.location.origin }));
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(router.state.location.pathname).toBe('/checkout/112');
      expect(views).toEqual([]);

      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data: 'thankyou', origin: window.location.origin }),
        );
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/thankyou/112'));
      expect(views).toEqual([PURCHASE_SUCCESS_VIEW]);
    } finally {
      window.removeEventListener(PAGE_VIEW_EVENT, onView);
    }
  });

  test('a store address the server refuses says why instead of an empty frame', async () => {
    stubApi({
      '/account/subscription': TRIAL_SUBSCRIPTION,
      '/billing/plans': PLANS_ANSWER,
      '/billing/checkout': Response.json(
        { code: 'VALIDATION_FAILED', message: 'A coupon code has letters, digits, - and _ only.' },
        { status: 400 },
      ),
    });
    await renderAt('/checkout/112');
    expect((await screen.findByRole('alert')).textContent).toContain('A coupon code has letters');
    expect(screen.queryByTitle('Secure payment')).toBeNull();
  });
});
