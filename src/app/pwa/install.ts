/**
 * Installing the app. Chromium browsers offer it with a `beforeinstallprompt` event: it is kept
 * (and the browser's own mini bar held back) so Settings can show 'Install app' and open the
 * browser's dialog when asked; once installed, the offer goes. iOS Safari has no such event:
 * there the app shows how to add it to the Home Screen (`ios-install-hint.ts`).
 */
import { useSyncExternalStore } from 'react';

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

/**
 * Safari on an iPhone or iPad (iPadOS reports a Mac with a touch screen), not already running
 * from the Home Screen. Other iOS browsers (CriOS, FxiOS, EdgiOS) cannot add web apps the same way.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number, standalone: boolean): boolean {
  if (standalone) return false;
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}
