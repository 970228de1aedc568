import { setupIonicReact } from '@ionic/react';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { storeToken } from '#app/auth/token.ts';
import { stubApi } from './api-stub.ts';
import { renderAt } from './render-app.tsx';

beforeAll(() => setupIonicReact({ mode: 'md' }));
// Signed out: the terms are public (spec 1 §5).
beforeEach(() => {
  storeToken(null);
  stubApi({});
});
afterEach(() => vi.unstubAllGlobals());

const SECTIONS = [
  ['service', 'The service'],
  ['not-advice', 'Financial information, not advice'],
  ['accounts', 'Accounts'],
  ['trial', 'Free trial'],
  ['billing', 'Billing'],
  ['cancellation', 'Cancellation'],
  ['refunds', 'Refunds'],
  ['fair-use', 'Fair use'],
  ['privacy', 'Privacy'],
  ['governing-law', 'Governing law'],
  ['contact', 'Contact'],
] as const;

describe('/terms', () => {
  test('signed out, every section with its own address, listed in the contents', async () => {
    const router = await renderAt('/terms#privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms');
    const contents = within(screen.getByRole('navigation', { name: 'Contents' }));
    SECTIONS.forEach(([id, title], i) => {
      const section = screen.getByRole('region', { name: `${i + 1}. ${title}` });
      expect(section.id).toBe(id);
      expect(contents.getByRole('link', { name: title }).getAttribute('href')).toBe(`#${id}`);
    });
  });

  test('says what the spec requires of the terms', async () => {
    await renderAt('/terms');
    const text = (id: string) => document.getElementById(id)?.textContent ?? '';
    expect(text('not-advice')).toContain('financial information only');
    expect(text('not-advice')).toContain('not investment advice');
    expect(text('trial')).toContain('14-day free trial. No payment details are needed');
    expect(text('billing')).toMatch(/recur.*US dollars and do not include tax/s);
    expect(text('cancellation')).toContain('cancel at any time');
    expect(text('cancellation')).toContain('stays active until the end of the period you paid for');
    expect(text('refunds')).toContain('Initial payments and monthly plans are non-refundable.');
    expect(text('refunds')).toContain('refundable within 7 calendar days of the renewal');
    expect(text('refunds')).toContain('within up to 7 business days');
    expect(text('fair-use')).toMatch(
      /Heavy use of quota-based or unlimited\s+resources, such as scans, monitors/,
    );
    expect(text('fair-use')).toContain('banned');
    expect(text('privacy')).toContain('no third-party trackers');
    expect(text('privacy')).toMatch(/e-mail address and names, your settings, your saved scans/);
    expect(text('privacy')).toContain('billing records');
    expect(
      within(document.getElementById('privacy') as HTMLElement).getByRole('link', {
        name: 'Settings → Account',
      }),
    ).toHaveProperty('pathname', '/settings/account');
    expect(text('governing-law')).toContain('laws of the State of Israel');
    expect(
      within(document.getElementById('contact') as HTMLElement)
        .getByRole('link', { name: /@/ })
        .getAttribute('href'),
    ).toMatch(/^mailto:/);
  });

  test('a reading page: the header without the app menus or the tab bar', async () => {
    await renderAt('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    expect(document.querySelector('.app-header')).not.toBeNull();
    expect(document.querySelector('.primary-menu')).toBeNull();
    expect(document.querySelector('ion-tab-bar')).toBeNull();
  });
});
