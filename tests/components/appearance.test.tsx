/**
 * Settings → Appearance: Light, Dark or Device, applied at once, remembered on the device (read
 * again before the first paint by public/appearance.js) and in the account; a device without a
 * mode of its own takes the account's; Device follows the device's changes live.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '#api/account.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import {
  APPEARANCE_KEY,
  type AppearanceMode,
  applyAppearance,
  isDark,
  startAppearance,
  storedAppearance,
} from '#app/theme/appearance.ts';
import { PerCall, stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { signedInApp } from './billing/signed-in-app.ts';
import { renderAt } from './render-app.tsx';

signedInApp();

const html = document.documentElement;
const dark = () => html.classList.contains('ion-palette-dark');

/** A device whose light/dark preference the test sets and changes. */
function fakeDevice(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return prefersDark;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    listeners,
    set(next: boolean) {
      prefersDark = next;
      for (const l of listeners) l();
    },
  };
}

const settingsWith = (mode: AppearanceMode): UserSettings => ({
  ...DEFAULT_USER_SETTINGS,
  appearance: { mode },
});

beforeEach(() => {
  // Not clear(): the signed-in token stays.
  localStorage.removeItem(APPEARANCE_KEY);
  fakeDevice(false);
  applyAppearance('light');
});
afterEach(() => applyAppearance('light'));

describe('Settings → Appearance', () => {
  test('offers Light, Dark and Device; a pick applies at once and is stored here and in the account', async () => {
    const patches: unknown[] = [];
    stubApi({
      '/account/subscription': TRIAL_SUBSCRIPTION,
      '/account/settings': new PerCall(({ method, body }) => {
        if (method === 'PATCH') patches.push(body);
        return settingsWith('dark');
      }),
    });
    await renderAt('/settings/appearance');
    const device = await screen.findByRole('radio', { name: 'Device' });
    expect(device).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Light' })).toHaveProperty('checked', false);

    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(dark()).toBe(true);
    expect(localStorage.getItem(APPEARANCE_KEY)).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
    await waitFor(() => expect(patches).toEqual([{ appearance: { mode: 'dark' } }]));

    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(dark()).toBe(false);
    expect(storedAppearance()).toBe('light');
  });

  test('opens on the mode stored on this device', async () => {
    localStorage.setItem(APPEARANCE_KEY, 'dark');
    stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION, '/account/settings': settingsWith('light') });
    await renderAt('/settings/appearance');
    expect(await screen.findByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
  });
});

describe('at start', () => {
  test('the stored mode is applied', () => {
    localStorage.setItem(APPEARANCE_KEY, 'dark');
    startAppearance(createQueryClient());
    expect(dark()).toBe(true);
  });

  test('Device follows the device live; Light and Dark do not', () => {
    const device = fakeDevice(false);
    applyAppearance('device');
    expect(dark()).toBe(false);
    device.set(true);
    expect(dark()).toBe(true);
    applyAppearance('light');
    expect(device.listeners.size).toBe(0);
    device.set(false);
    device.set(true);
    expect(dark()).toBe(false);
  });

  test('a device without a mode of its own takes the account’s once signed in, and keeps it', async () => {
    const fetchStub = stubApi({
      '/account/subscription': TRIAL_SUBSCRIPTION,
      '/account/settings': settingsWith('dark'),
    });
    const queryClient = createQueryClient();
    startAppearance(queryClient);
    expect(dark()).toBe(false);
    await queryClient.fetchQuery(subscriptionQuery());
    await waitFor(() => expect(dark()).toBe(true));
    expect(storedAppearance()).toBe('dark');
    expect(fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/account/settings'))).toHaveLength(1);
  });

  test('a mode stored on this device wins over the account’s, which is not even asked for', async () => {
    localStorage.setItem(APPEARANCE_KEY, 'light');
    const fetchStub = stubApi({
      '/account/subscription': TRIAL_SUBSCRIPTION,
      '/account/settings': settingsWith('dark'),
    });
    const queryClient = createQueryClient();
    startAppearance(queryClient);
    await queryClient.fetchQuery(subscriptionQuery());
    await new Promise((r) => setTimeout(r, 50));
    expect(dark()).toBe(false);
    expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith('/account/settings'))).toBe(false);
  });
});

describe('public/appearance.js, run before the first paint', () => {
  const boot = readFileSync(join(process.cwd(), 'public/appearance.js'), 'utf8');
  test.each([
    ['light', false],
    ['light', true],
    ['dark', false],
    ['dark', true],
    ['device', false],
    ['device', true],
    [null, false],
    [null, true],
  ] as const)('stored %s, device dark %s: the same palette as the app', (stored, prefersDark) => {
    fakeDevice(prefersDark);
    if (stored) localStorage.setItem(APPEARANCE_KEY, stored);
    html.classList.toggle('ion-palette-dark', !prefersDark);
    new Function(boot)();
    expect(dark()).toBe(isDark(stored ?? 'device', prefersDark));
  });
});
