/**
 * Settings → Reports (docs/REPORTS.md): where reports go, a checkbox per frequency each report
 * offers, the ones beyond the plan disabled under the upgrade note, a change saved at once and a
 * refused one put back with the reason.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { ReportSubscription, ReportsAnswer } from '#api/reports.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { UPGRADE_TEXT } from '#app/screens/settings/ReportsSection.tsx';
import { PerCall, type StubRequest, stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { signedInApp } from './billing/signed-in-app.ts';
import { renderAt } from './render-app.tsx';

signedInApp();

const COM: ReportSubscription = {
  id: 'vwks',
  title: 'Center of Mass',
  description: "Where today's option trading is centred.",
  frequencies: [],
  offered: ['w_eod', 'd_eod', 'd_intraday'],
  allowed: ['w_eod', 'd_eod'],
};
const OI: ReportSubscription = {
  id: 'oiwks',
  title: 'Open Interest',
  description: 'Where open positions sit.',
  frequencies: ['w_eod'],
  offered: ['w_eod', 'd_eod'],
  allowed: ['w_eod', 'd_eod'],
};
const ANSWER: ReportsAnswer = { email: 'trader@example.com', reports: [COM, OI] };

function open(save: (request: StubRequest) => unknown) {
  const fetch = stubApi({
    '/account/subscription': { ...TRIAL_SUBSCRIPTION, status: 2, planId: 12 },
    '/report': ANSWER,
    '/report/vwks': new PerCall(save),
  });
  return { fetch, ready: renderAt('/settings/reports', createQueryClient()) };
}

const report = (title: string) => screen.getByRole('group', { name: title });

test('where reports go, each frequency offered, and the ones beyond the plan disabled under the upgrade note', async () => {
  const { ready } = open(() => COM);
  await ready;
  await screen.findByText('Reports will be sent to trader@example.com');
  expect(screen.getByText(UPGRADE_TEXT).querySelector('a')?.getAttribute('href')).toBe('/pricing');
  const com = within(report('Center of Mass'));
  expect(com.getByRole('checkbox', { name: "Weekend (After Friday's close)" })).toHaveProperty(
    'disabled',
    false,
  );
  expect(com.getByRole('checkbox', { name: '1.5 hours before market close' })).toHaveProperty(
    'disabled',
    true,
  );
  const oi = within(report('Open Interest'));
  expect(oi.getByRole('checkbox', { name: "Weekend (After Friday's close)" })).toHaveProperty(
    'checked',
    true,
  );
  expect(oi.queryByRole('checkbox', { name: '1.5 hours before market close' })).toBeNull();
});

test('a ticked frequency is saved at once and shown as the server answered', async () => {
  const bodies: unknown[] = [];
  const { ready } = open(({ body }) => {
    bodies.push(body);
    return { ...COM, frequencies: ['d_eod'] };
  });
  await ready;
  const box = await within(await screen.findByRole('group', { name: 'Center of Mass' })).findByRole(
    'checkbox',
    {
      name: "End of Day (Before next day's open)",
    },
  );
  fireEvent.click(box);
  await waitFor(() => expect(bodies).toEqual([{ frequencies: ['d_eod'] }]));
  await waitFor(() => expect(box).toHaveProperty('checked', true));
});

test('a refused change is put back, with the reason', async () => {
  const { ready } = open(
    () =>
      new Response(JSON.stringify({ code: 'PLAN_LIMIT_REACHED', message: UPGRADE_TEXT }), {
        status: 422,
        headers: { 'content-type': 'application/json' },
      }),
  );
  await ready;
  const box = await within(await screen.findByRole('group', { name: 'Center of Mass' })).findByRole(
    'checkbox',
    {
      name: "End of Day (Before next day's open)",
    },
  );
  fireEvent.click(box);
  expect((await screen.findByRole('alert')).textContent).toBe(UPGRADE_TEXT);
  expect(box).toHaveProperty('checked', false);
});
