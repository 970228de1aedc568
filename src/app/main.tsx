import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/palettes/dark.class.css';
import './theme/app.css';
import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerTradeMutations } from '#app/features/trades/write-replay.ts';
import { configureApiClient } from './api/client.ts';
import { afterFirstContent, awaitFirstContent, firstScreenResolved } from './api/first-content.ts';
import { openIdbMirrorStorage } from './api/idb-mirror-storage.ts';
import { CACHE_DB_NAME, createQueryClient, PERSISTED_CACHE_KEY, persistOptions } from './api/query-client.ts';
import { reportUncaughtErrors } from './api/report-errors.ts';
import { signInHref } from './auth/access.ts';
import { defineLaterElements } from './components/later-elements.ts';
import { notify } from './components/notices.ts';
import { captureInstallPrompt } from './pwa/install.ts';
import { createAppRouter } from './router.tsx';
import { startAppearance } from './theme/appearance.ts';

reportUncaughtErrors(__APP_BUILD__);
awaitFirstContent();
// What @ionic/react's setup does: its components are drawn as plain custom elements here
// (components/IonElements.tsx), so `ion-ce` says there is no hydration to wait for.
document.documentElement.classList.add('ion-ce');
// Ionic's mode, as its `initialize` sets it once the elements load (`later-elements.ts`): the
// first paint already takes md's fonts and the elements' md look.
document.documentElement.setAttribute('mode', 'md');
document.documentElement.classList.add('md');
// Ionic's elements are defined once the first screen shows its content; until then their
// stylesheet draws them (components/later-elements.ts).
void defineLaterElements();
captureInstallPrompt();

const queryClient = createQueryClient();
startAppearance(queryClient);
// Before the cache is restored: replayed offline writes need their mutation functions.
registerTradeMutations(queryClient);
// The query client assumes it is online at start; after a reload without a network, believe the
// browser, so restored writes keep waiting instead of failing.
if (!navigator.onLine) onlineManager.setOnline(false);
const router = createAppRouter(queryClient);
const stopWatching = router.subscribe('onResolved', () => {
  stopWatching();
  firstScreenResolved();
});
configureApiClient({
  // A 401 comes back to the same screen after signing in again.
  redirect: (to) =>
    void router.navigate({ href: to === '/signin' ? signInHref(router.state.location.href) : to }),
  currentPath: () => router.state.location.pathname,
});
window.addEventListener(
  'app:navigate',
  (e) => void router.navigate({ href: (e as CustomEvent<string>).detail }),
);

// The persisted cache is read from IndexedDB before the first render, so offline screens
// show their last data at once. Not a top-level await: that would turn off the bundler's
// chunk optimizations (common chunks merged into the entry), and the entry would grow.
// The router resolves the address (access rules, the screen's code) meanwhile: mounted
// unresolved, it would load in a layout effect and draw the shell and the screen in one
// synchronous update, a single task of 70-120 ms on a slow phone's first load. A load that
// throws is logged, as the router's own mount logs it, and the app renders all the same.
const resolved = router.load().catch(console.error);
void Promise.all([openIdbMirrorStorage(CACHE_DB_NAME), resolved]).then(([storage]) => {
  // Writes an earlier version left paused in its cache go to the queue before the persister
  // below drops that cache (docs/OFFLINE.md "Writes"). Only a cache holding a paused trade
  // write is read further: this version's own never holds one.
  const persisted = storage.getItem(PERSISTED_CACHE_KEY);
  if (persisted?.includes('"mutationKey":["trades","write"]'))
    void import('#app/features/trades/earlier-writes.ts').then(({ adoptEarlierWrites }) =>
      adoptEarlierWrites(persisted, __APP_BUILD__),
    );
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  const reactRoot = createRoot(root);
  // A transition: React draws the first screen in slices of a few milliseconds, letting the
  // browser handle input between them, instead of in one long task.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={persistOptions(storage, __APP_BUILD__)}
          onSuccess={() => void queryClient.resumePausedMutations()}
        >
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </StrictMode>,
    ),
  );
  // Once the first screen shows its content, in chunks of their own: nothing on screen waits for
  // the worker or the iOS install hint.
  const shown = afterFirstContent();
  void shown
    .then(() => import('./pwa/ios-install-hint.ts'))
    .then(({ offerIosInstallHint }) => offerIosInstallHint());
  void shown
    .then(() => import('./pwa/register.ts'))
    .then(({ registerServiceWorker }) =>
      registerServiceWorker({
        onUpdateReady: (accept) =>
          notify({
            message: 'A new version of OptionScout is ready.',
            color: 'primary',
            duration: 0,
            action: { label: 'Reload', run: accept },
          }),
      }),
    );
});
