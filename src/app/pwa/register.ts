/**
 * Registers the service worker (offline shell, push). A new version waits until the user
 * accepts the reload, so a half-filled form is never lost to an update.
 */
import { Workbox } from 'workbox-window';

export interface UpdatePrompt {
  onUpdateReady(accept: () => void): void;
}

export function registerServiceWorker(prompt: UpdatePrompt): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { type: 'module' });
  wb.addEventListener('waiting', () => {
    prompt.onUpdateReady(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  // Pushes and notification clicks ask the open app to navigate without a reload.
  navigator.serviceWorker.addEventListener(
    'message',
    (event: MessageEvent<{ type?: string; url?: string }>) => {
      if (event.data?.type === 'NAVIGATE' && event.data.url)
        window.dispatchEvent(new CustomEvent('app:navigate', { detail: event.data.url }));
    },
  );
  wb.register().catch((err: unknown) => console.warn('service worker registration failed', err));
}
