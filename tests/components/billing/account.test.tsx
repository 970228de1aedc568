/**
 * /account (spec 1 §2, §4, §6, §8): the plan and invoices, the cancel form (reason 7 sent as
 * none, text trimmed, then the plans with the cancelled notice), its failure toast, and a plan
 * billed outside the app.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { CANCEL_REASON_MAX } from '#api/billing.ts';
import { CANCEL_TEXT_MAX } from '#app/screens/account/CancelForm.tsx';
import { PerCall, type StubRequest, stubApi } from '../api-stub.ts';
import { renderAt } from '../render-app.tsx';
import { BILLING_ANSWER, PLANS_ANSWER, PREMIUM_SUBSCRIPTION, SUPPORT } from './billing-fixtures.ts';
import { signedInApp } from './signed-in-app.ts';

signedInApp();

/** The account page over `record`; cancelling answers `cancelAnswer` and is recorded. */
async function openAccount(
  record = BILLING_ANSWER,
  cancelAnswer: unknown = { ...BILLING_ANSWER, status: 3 },
) {
  const cancels: StubRequest[] = [];
  // DELETE /account/subscription shares its path with the shell's GET.
  const subscription = { ...PREMIUM_SUBSCRIPTION, planId: record.planId, processor: record.processor };
  stubApi({
    '/account/subscription': new PerCall((request) => {
      if (request.method !== 'DELETE') return subscription;
      cancels.push(request);
      return cancelAnswer;
    }),
    '/account/billing': record,
    // Where PROCEED leads: the plans page, which the tests wait for so no navigation outlives them.
    '/billing/plans': PLANS_ANSWER,
  });
  const router = await renderAt('/account');
  await screen.findByRole('heading', { name: 'Advanced Yearly' });
  return { router, cancels };
}

describe('/account', () => {
  test('the plan, its next billing date and the invoices with their receipts', async () => {
    await openAccount();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Next billing date')).toBeTruthy();
    expect(screen.getByText('Jul 2, 2026')).toBeTruthy();
    const invoice = screen.getByText('R-000007').closest('summary');
    expect(invoice?.textContent).toContain('Jul 2, 2025');
    expect(invoice?.textContent).toContain('Advanced Yearly, upgrade');
    expect(invoice?.textContent).toContain('$473.36');
    expect(invoice?.textContent).toContain('Paid');
    const receipt = invoice?.parentElement?.querySelector('.receipt');
    expect(receipt?.textContent).toContain('Unused time on Beginner Yearly');
    expect(receipt?.textContent).toContain('−$234.64');
    expect(receipt?.textContent).toContain('$708.00');
    expect(screen.getByRole('link', { name: 'Settings → Account' }).getAttribute('href')).toBe(
      '/settings/account',
    );
  });

  test('a cancelled subscription says when it ends, a pending downgrade and a failed renewal show', async () => {
    await openAccount({
      ...BILLING_ANSWER,
      cancelAtPeriodEnd: true,
      pendingPlanId: 12,
      paymentProblem: { since: '2026-07-02T00:00:00.000Z', graceEndsAt: '2026-07-09T00:00:00.000Z' },
    });
    expect(screen.getByText('Ends on')).toBeTruthy();
    expect(screen.getByText('Your plan changes to Beginner Yearly on Jul 2, 2026.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('access continues until Jul 9, 2026');
    // Already cancelled: no form.
    expect(screen.queryByRole('heading', { name: 'Cancel subscription' })).toBeNull();
  });

  test('the form lists what is lost and counts the text against its limit', async () => {
    await openAccount();
    const lost = screen.getByRole('complementary', { name: 'What you lose' });
    for (const item of [
      'Excel',
      'Watching scans (alerts)',
      'custom strategy scanner (coming soon)',
      'Higher limits',
    ])
      expect(lost.textContent).toContain(item);
    const box = screen.getByRole('textbox');
    expect(box.getAttribute('maxlength')).toBe(String(CANCEL_REASON_MAX));
    expect(CANCEL_TEXT_MAX).toBe(CANCEL_REASON_MAX);
    fireEvent.change(box, { target: { value: 'Too slow' } });
    expect(screen.getByText(`8 / ${CANCEL_REASON_MAX}`)).toBeTruthy();
  });

  test('PROCEED with "Other" sends no reason id and the trimmed text, then shows the plans', async () => {
    const { router, cancels } = await openAccount();
    fireEvent.click(screen.getByLabelText('Other'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  Moving to a broker’s tools \n' } });
    fireEvent.click(screen.getByText('PROCEED'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(router.state.location.searchStr).toBe('?notice=cancelled');
    await screen.findByText('Your subscription was cancelled.');
    expect(cancels.map((c) => c.body)).toEqual([
      { reasonId: null, reasonText: 'Moving to a broker’s tools' },
    ]);
  });

  test('PROCEED with a listed reason and no text sends the id and no text', async () => {
    const { router, cancels } = await openAccount();
    fireEvent.click(screen.getByLabelText('Too expensive'));
    fireEvent.click(screen.getByText('PROCEED'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    await screen.findByText('Your subscription was cancelled.');
    expect(cancels.map((c) => c.body)).toEqual([{ reasonId: 1, reasonText: null }]);
  });

  test('a failed cancel shows the generic toast and stays', async () => {
    const broken = Response.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 });
    const { router } = await openAccount(BILLING_ANSWER, broken);
    fireEvent.click(screen.getByText('PROCEED'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error has occurred. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/account');
  });

  test('a plan billed outside the app: no form, the support address and how to cancel', async () => {
    await openAccount({ ...BILLING_ANSWER, processor: null });
    expect(screen.queryByText('PROCEED')).toBeNull();
    expect(screen.getByText(/billed outside the app/)).toBeTruthy();
    expect(screen.getByRole('link', { name: SUPPORT }).getAttribute('href')).toContain(`mailto:${SUPPORT}`);
    expect(screen.getByRole('link', { name: 'How to cancel' }).getAttribute('href')).toBe(
      '/terms#cancellation',
    );
  });
});
