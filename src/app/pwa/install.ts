/**
 * Installing the app. Chromium browsers offer it with a `beforeinstallprompt` event: it is kept
 * (and the browser's own mini bar held back) so Settings can show 'Install app' and open the
 * browser's dialog when asked; once installed, the offer goes. iOS Safari has no such event:
 * there the app shows how to add it to the Home Screen, until the user dismisses the hint.
 */
import { useSyncExternalStore } from 'react';
import { notify } from '#app/components/notices.ts';

/** Chromium's event (not in the DOM typings): `prompt()` opens the install dialog, once. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const publish = () => {
  for (const l of listeners) l();
};

/** Called at start, before the browser can fire the event. */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    publish();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    publish();
  });
}

/** Opens the browser's install dialog; the event is spent either way, so the offer goes. */
export async function promptInstall(): Promise<void> {
  const event = offer;
  if (!event) return;
  offer = null;
  publish();
  await event.prompt();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the browser offers to install the app. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offer !== null,
    () => false,
  );
}

export const IOS_HINT_DISMISSED_KEY = 'optionscout.iosInstallHintDismissed';

/**
 * Safari on an iPhone or iPad (iPadOS reports a Mac with a touch screen), not already running
 * from the Home Screen. Other iOS browsers (CriOS, FxiOS, EdgiOS) cannot add web apps the same way.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number, standalone: boolean): boolean {
  if (standalone) return false;
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export function shouldShowIosHint(nav: Navigator = navigator, storage: Storage = localStorage): boolean {
  const standalone =
    (nav as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia('(display-mode: standalone)').matches;
  return (
    isIosSafari(nav.userAgent, nav.maxTouchPoints, standalone) &&
    storage.getItem(IOS_HINT_DISMISSED_KEY) === null
  );
}

export function dismissIosHint(storage: Storage = localStorage): void {
  storage.setItem(IOS_HINT_DISMISSED_KEY, '1');
}

export const IOS_HINT = 'Install OptionScout: tap Share, then Add to Home Screen.';

/** The iOS hint as a notice at start; 'Don't show again' is remembered on this device. */
export function offerIosInstallHint(show: typeof notify = notify): void {
  if (!shouldShowIosHint()) return;
  show({
    message: IOS_HINT,
    color: 'primary',
    duration: 0,
    action: { label: "Don't show again", run: () => dismissIosHint() },
  });
}
