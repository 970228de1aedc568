import { setupIonicReact } from '@ionic/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SubscriptionAnswer } from '#api/account.ts';
import { storeToken } from '#app/auth/token.ts';
import { plansAnswer, SPRING_PROMOTION, TEST_SUPPORT_EMAIL } from '../support/plans-answer.ts';
import { stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { renderAt } from './render-app.tsx';

beforeAll(() => setupIonicReact({ mode: 'md' }));
beforeEach(() => storeToken('test-token'));
afterEach(() => {
  storeToken(null);
  vi.unstubAllGlobals();
});

const subscription = (fields: Partial<SubscriptionAnswer>): SubscriptionAnswer => ({
  ...TRIAL_SUBSCRIPTION,
  ...fields,
});

async function openPricing(
  fields: Partial<SubscriptionAnswer> = {},
  path = '/pricing',
  plans = plansAnswer(),
) {
  stubApi({ '/account/subscription': subscription(fields), '/billing/plans': plans });
  const router = await renderAt(path);
  await screen.findAllByRole('article');
  return router;
}

/** The plan card of `level` ('Beginner', 'Advanced') for the cycle on screen. */
const card = (level: string) => screen.getByRole('article', { name: level });

/** The card's button: its text and where it goes. */
function actionOf(level: string): { text: string; href: string | null } {
  const link = within(card(level)).getByRole('link');
  return { text: link.textContent?.replace(/\s.*/, '') ?? '', href: link.getAttribute('href') };
}

async function showCycle(name: 'Monthly' | 'Yearly') {
  await act(async () => {
    fireEvent.click(screen.getByRole('radio', { name: new RegExp(`^${name}`) }));
  });
}

async function actionsInBothCycles(): Promise<Record<number, string>> {
  await showCycle('Monthly');
  const monthly = { 1: actionOf('Beginner'), 101: actionOf('Advanced') };
  await showCycle('Yearly');
  await waitFor(() => expect(within(card('Beginner')).getByText('$39')).toBeTruthy());
  const yearly = { 12: actionOf('Beginner'), 112: actionOf('Advanced') };
  return Object.fromEntries(
    Object.entries({ ...monthly, ...yearly }).map(([id, a]) => [id, `${a.text} ${a.href}`]),
  );
}

describe('/pricing: the button each plan gets', () => {
  test('a trial user can buy every plan', async () => {
    await openPricing();
    expect(await actionsInBothCycles()).toEqual({
      1: 'BUY /checkout/1',
      12: 'BUY /checkout/12',
      101: 'BUY /checkout/101',
      112: 'BUY /checkout/112',
    });
  });

  test('premium Advanced Monthly paid through a processor: cancel its own plan, change to the others by the rule', async () => {
    await openPricing({ status: 2, planId: 101, processor: 'teststore' });
    // The own plan's cycle shows first, marked.
    expect(within(card('Advanced')).getByText('Your plan')).toBeTruthy();
    // 101 → 12 is an upgrade: a longer cycle wins over a lower level (docs/PLANS.md).
    expect(await actionsInBothCycles()).toEqual({
      1: 'DOWNGRADE /checkout/1',
      12: 'UPGRADE /checkout/12',
      101: 'CANCEL /account',
      112: 'UPGRADE /checkout/112',
    });
  });

  test('premium billed outside the app: an e-mail to support on every plan', async () => {
    await openPricing({ status: 2, planId: 12, processor: null });
    const link = within(card('Beginner')).getByRole('link', { name: 'E-MAIL SUPPORT Beginner Yearly' });
    expect(link.getAttribute('href')).toBe(
      `mailto:${TEST_SUPPORT_EMAIL}?subject=${encodeURIComponent('My subscription: Beginner Yearly')}`,
    );
    const all = await actionsInBothCycles();
    expect(Object.values(all).every((a) => a.startsWith(`E-MAIL mailto:${TEST_SUPPORT_EMAIL}`))).toBe(true);
  });

  test.each([
    ['cancelled and running out', 3],
    ['trial ended', 1],
    ['subscription ended', 4],
  ])('%s: BUY on every plan', async (_, status) => {
    await openPricing({
      status: status as SubscriptionAnswer['status'],
      planId: 112,
      processor: 'teststore',
    });
    expect(Object.values(await actionsInBothCycles()).every((a) => a.startsWith('BUY /checkout/'))).toBe(
      true,
    );
  });

  test('BUY opens the checkout of that plan', async () => {
    const router = await openPricing();
    await act(async () => {
      fireEvent.click(within(card('Advanced')).getByRole('link', { name: 'BUY Advanced Yearly' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/112'));
  });
});

describe('/pricing: prices', () => {
  test('yearly by default; the toggle switches the prices and keeps the choice in the address', async () => {
    const router = await openPricing();
    expect(screen.getByRole('radio', { name: /^Yearly/ })).toHaveProperty('checked', true);
    expect(screen.getByText('save up to 20%')).toBeTruthy();
    expect(within(card('Beginner')).getByText('$39')).toBeTruthy();
    expect(within(card('Beginner')).getByText('Billed $468 every year')).toBeTruthy();
    expect(within(card('Advanced')).getByText('$59')).toBeTruthy();
    expect(within(card('Advanced')).getByText('Billed $708 every year')).toBeTruthy();

    await showCycle('Monthly');
    await waitFor(() => expect(within(card('Beginner')).getByText('$49')).toBeTruthy());
    expect(within(card('Beginner')).getByText('Billed $49 every month')).toBeTruthy();
    expect(within(card('Advanced')).getByText('$75')).toBeTruthy();
    expect(router.state.location.search).toEqual({ cycle: 'monthly' });
  });

  test('a monthly plan shows the monthly prices first', async () => {
    await openPricing({ status: 2, planId: 1, processor: 'teststore' });
    expect(within(card('Beginner')).getByText('$49')).toBeTruthy();
  });

  test('a promotion: its banner, the list price crossed out, the first period at the new price', async () => {
    await openPricing({}, '/pricing', plansAnswer({ promote: { planId: 112, promotion: SPRING_PROMOTION } }));
    const advanced = within(card('Advanced'));
    expect(advanced.getByText('Spring sale: $10 off every month of the first year')).toBeTruthy();
    const crossedOut = card('Advanced').querySelector('del');
    expect(crossedOut?.textContent).toBe('List price $59');
    expect(advanced.getByText('$49')).toBeTruthy();
    expect(advanced.getByText('$588 for the first year, then $708 every year')).toBeTruthy();
    // The other plan keeps its list price, nothing crossed out.
    expect(card('Beginner').querySelector('del')).toBeNull();
    expect(within(card('Beginner')).queryByText(/Spring sale/)).toBeNull();
  });

  test('a promotion without a banner text reads as a special offer', async () => {
    await openPricing(
      {},
      '/pricing',
      plansAnswer({
        promote: { planId: 12, promotion: { ...SPRING_PROMOTION, newMonthlyPriceCents: 2900, banner: null } },
      }),
    );
    expect(within(card('Beginner')).getByText('Special offer')).toBeTruthy();
    expect(card('Beginner').querySelector('del')?.textContent).toBe('List price $39');
  });

  test('tax note; the test-mode note only in test mode', async () => {
    await openPricing({}, '/pricing', plansAnswer({ testMode: true }));
    expect(screen.getByText(/^Tax not included/)).toBeTruthy();
    expect(screen.getByText('Test mode: use a test card')).toBeTruthy();
  });

  test('no test-mode note with real payments', async () => {
    await openPricing();
    expect(screen.queryByText('Test mode: use a test card')).toBeNull();
  });
});

describe('/pricing: banners and notices', () => {
  test('an ended trial gets its banner, and stays on the page', async () => {
    const router = await openPricing({ status: 1 });
    expect(screen.getByRole('alert', { name: 'Your free trial has ended' })).toBeTruthy();
    expect(screen.queryByText('Your subscription has ended')).toBeNull();
    expect(router.state.location.pathname).toBe('/pricing');
  });

  test('an ended subscription gets its own wording', async () => {
    await openPricing({ status: 4, planId: 101 });
    const banner = screen.getByRole('alert', { name: 'Your subscription has ended' });
    expect(banner.textContent).toContain('Renew');
    expect(screen.queryByText('Your free trial has ended')).toBeNull();
  });

  test.each([0, 2, 3])('no expiry banner while active (status %i)', async (status) => {
    await openPricing({ status: status as SubscriptionAnswer['status'], planId: status ? 12 : null });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('?notice=cancelled says the subscription was cancelled', async () => {
    await openPricing({ status: 3, planId: 12, processor: 'teststore' }, '/pricing?notice=cancelled');
    expect(screen.getByRole('status').textContent).toBe('Your subscription was cancelled.');
  });

  test('other notices and cycles in the address are ignored', async () => {
    const router = await openPricing({}, '/pricing?notice=deleted&cycle=weekly');
    expect(screen.queryByText('Your subscription was cancelled.')).toBeNull();
    expect(router.state.location.search).toEqual({ notice: undefined, cycle: undefined });
    expect(within(card('Beginner')).getByText('$39')).toBeTruthy();
  });
});

describe('/pricing: the rest of the page', () => {
  test('comparison table, quotes, questions, and links to terms, privacy and the affiliate program', async () => {
    await openPricing();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: 'Scan watching no yes' })).toBeTruthy();
    expect(
      within(table).getByRole('row', { name: 'Trading accounts in trade log 2 unlimited' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('figure').length).toBeGreaterThanOrEqual(3);
    for (const q of ['free trial', 'cancel', 'refunds', 'taxes', 'plan changes']) {
      expect(screen.getByText(new RegExp(q, 'i'), { selector: 'summary' })).toBeTruthy();
    }
    expect(
      screen.getByText(/Annual renewals are refundable up to 7 calendar days after the renewal/),
    ).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Legal and partners' }));
    expect(links.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe('/terms');
    expect(links.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/terms#privacy');
    expect(links.getByRole('link', { name: 'Affiliate program' }).getAttribute('href')).toBe(
      `mailto:${TEST_SUPPORT_EMAIL}?subject=Affiliate%20program`,
    );
  });

  test('the plans failing to load: a message and a way to try again', async () => {
    stubApi({
      '/account/subscription': TRIAL_SUBSCRIPTION,
      '/billing/plans': Response.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 }),
    });
    await renderAt('/pricing');
    expect(await screen.findByText('The plans could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
