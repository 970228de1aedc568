/**
 * Installing the app: the browser's offer (`beforeinstallprompt`) becomes an 'Install app'
 * button in Settings → Appearance that opens the browser's dialog and then goes; on iOS Safari,
 * a hint says how to add the app to the Home Screen until the user asks not to see it again.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '#api/account.ts';
import { captureInstallPrompt, isIosSafari } from '#app/pwa/install.ts';
import { IOS_HINT, IOS_HINT_DISMISSED_KEY, offerIosInstallHint } from '#app/pwa/ios-install-hint.ts';
import { stubApi, TRIAL_SUBSCRIPTION } from './api-stub.ts';
import { signedInApp } from './billing/signed-in-app.ts';
import { renderAt } from './render-app.tsx';

signedInApp();
beforeAll(() => captureInstallPrompt(window));

/** What Chromium fires when the app can be installed, with a `prompt()` the test watches. */
function offerInstall() {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

describe('Install app', () => {
  test('shows when the browser offers it, opens its dialog once, and goes', async () => {
    stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION, '/account/settings': DEFAULT_USER_SETTINGS });
    await renderAt('/settings/appearance');
    await screen.findByRole('radio', { name: 'Device' });
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const { prompt, event } = offerInstall();
    // The browser's own install bar is held back: the app offers it where the user looks.
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  test('goes once the app is installed', async () => {
    stubApi({ '/account/subscription': TRIAL_SUBSCRIPTION, '/account/settings': DEFAULT_USER_SETTINGS });
    await renderAt('/settings/appearance');
    offerInstall();
    await screen.findByRole('button', { name: 'Install app' });
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });
});

describe('iOS Safari', () => {
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
  const IPAD_AS_MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
  const IPHONE_CHROME =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.156 Mobile/15E148 Safari/604.1';
  const DESKTOP_CHROME =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

  test.each([
    ['Safari on an iPhone', IPHONE_SAFARI, 5, false, true],
    ['Safari on an iPad (reported as a Mac with touch)', IPAD_AS_MAC, 5, false, true],
    ['Safari on a Mac', IPAD_AS_MAC, 0, false, false],
    ['the app opened from the Home Screen', IPHONE_SAFARI, 5, true, false],
    ['Chrome on an iPhone', IPHONE_CHROME, 5, false, false],
    ['Chrome on a desktop', DESKTOP_CHROME, 0, false, false],
  ])('%s', (_, ua, touch, standalone, expected) => {
    expect(isIosSafari(ua, touch, standalone)).toBe(expected);
  });

  test("the hint shows until 'Don't show again', which is remembered", () => {
    vi.stubGlobal('navigator', { userAgent: IPHONE_SAFARI, maxTouchPoints: 5 });
    const show = vi.fn();
    offerIosInstallHint(show);
    expect(show).toHaveBeenCalledTimes(1);
    const notice = show.mock.calls[0]?.[0];
    expect(notice.message).toBe(IOS_HINT);
    notice.action.run();
    expect(localStorage.getItem(IOS_HINT_DISMISSED_KEY)).not.toBeNull();
    offerIosInstallHint(show);
    expect(show).toHaveBeenCalledTimes(1);
  });
});
