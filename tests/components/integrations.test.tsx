/**
 * Excel/Sheets integration (docs/ADDIN.md): plans without the add-in see the upgrade note only;
 * with it, the Excel/Sheets toggle, the access token made here and shown once, and each
 * spreadsheet's steps with this server's address written into the query or script.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { EXCEL_MANIFEST_PATH } from '#api/excel-addin.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { ExcelAddinSteps } from '#app/screens/integrations/IntegrationsScreen.tsx';
import { PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { PerCall, stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { signedInApp } from './billing/signed-in-app.ts';
import { renderAt } from './render-app.tsx';

signedInApp();

const NO_TOKEN = { exists: false, createdAt: null, lastUsedAt: null };

test('a plan without the add-in sees the upgrade note and no token', async () => {
  stubApi({
    '/account/subscription': { ...TRIAL_SUBSCRIPTION, status: 2, planId: 1 },
    '/addin/token': NO_TOKEN,
  });
  await renderAt('/integrations/excel', createQueryClient());
  const note = await screen.findByText(PLAN_LIMIT_MESSAGES.addIn, { exact: false });
  expect(note.querySelector('a')?.getAttribute('href')).toBe('/pricing');
  expect(screen.queryByRole('region', { name: 'Access token' })).toBeNull();
});

test('a token is made here and shown once; Excel gets a query with this address and the token', async () => {
  let made = false;
  stubApi({
    '/account/subscription': TRIAL_SUBSCRIPTION,
    '/addin/token': new PerCall(({ method }) => {
      if (method === 'POST') {
        made = true;
        return { token: 'osa_abcdef', createdAt: '2026-11-27T15:00:00.000Z' };
      }
      return made ? { exists: true, createdAt: '2026-11-27T15:00:00.000Z', lastUsedAt: null } : NO_TOKEN;
    }),
  });
  await renderAt('/integrations/excel', createQueryClient());
  const token = await screen.findByRole('region', { name: 'Access token' });
  await within(token).findByText('You have no token yet.');
  fireEvent.click(within(token).getByRole('button', { name: 'Create token' }));
  expect(((await within(token).findByLabelText('Your access token')) as HTMLInputElement).value).toBe(
    'osa_abcdef',
  );
  await within(token).findByRole('button', { name: 'Replace token' });
  const query = screen.getByLabelText('Query') as HTMLTextAreaElement;
  expect(query.value).toContain(`${window.location.origin}/api/v1/addin/quotes`);
  expect(query.value).toContain('Bearer osa_abcdef');
  expect(screen.getByRole('link', { name: 'Google Sheets' }).getAttribute('href')).toBe(
    '/integrations/sheets',
  );
});

test('Google Sheets: the steps and the script with this address', async () => {
  stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION, '/addin/token': NO_TOKEN });
  await renderAt('/integrations/sheets', createQueryClient());
  const script = (await screen.findByLabelText('Script')) as HTMLTextAreaElement;
  expect(script.value).toContain(`var OPTIONSCOUT_URL = "${window.location.origin}"`);
  expect(screen.getByText(/Extensions → Apps Script/)).toBeTruthy();
  await waitFor(() =>
    expect(screen.getByRole('link', { name: 'Google Sheets' }).getAttribute('aria-current')).toBe('page'),
  );
  expect(
    screen.getAllByRole('listitem').some((li) => li.textContent?.startsWith('Rolling Options (new)')),
  ).toBe(true);
});

test('Excel cell functions: the add-in to download over https; over http, why it cannot be offered', () => {
  const secure = render(<ExcelAddinSteps origin="https://options.example.com" />);
  const download = screen.getByRole('link', { name: 'Download the add-in' });
  expect(download.getAttribute('href')).toBe(EXCEL_MANIFEST_PATH);
  expect(download.hasAttribute('download')).toBe(true);
  expect(screen.getByText(/Home → Add-ins → More Add-ins → My Add-ins → Upload My Add-in/)).toBeTruthy();
  secure.unmount();

  render(<ExcelAddinSteps origin="http://192.168.1.20:8080" />);
  expect(screen.queryByRole('link', { name: 'Download the add-in' })).toBeNull();
  expect(
    screen.getByText(
      /Office loads add-ins from https addresses only, and this OptionScout is served at http:\/\/192\.168\.1\.20:8080/,
    ),
  ).toBeTruthy();
});
