/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell so it opens offline, answers client-route
 * navigations with index.html, and shows Web Push watch alerts.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationFromPush, urlForNotification } from './push-payload.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links such as /screener/scan/42 open offline; server paths never get the shell (the
// test store's pages load in the checkout frame, a navigation too; /addin/ is the Excel add-in's
// manifest, a download).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/hubs\//, /^\/oidc(\/|$)/, /^\/store\//, /^\/addin\//],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const note = notificationFromPush(event.data?.text() ?? null);
  event.waitUntil(self.registration.showNotification(note.title, note.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(urlForNotification(event.notification.data), self.location.origin).href;
  event.waitUntil(openOrFocus(url));
});

async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    open.postMessage({ type: 'NAVIGATE', url });
    return;
  }
  await self.clients.openWindow(url);
}
