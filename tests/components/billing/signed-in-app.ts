/**
 * The subscription screens' tests run the whole app signed in (a stored token), over stubbed
 * answers: this registers the hooks that set that up and leave nothing behind (token, stubs,
 * toasts, which would hide the next test's identical message).
 */
import { setupIonicReact } from '@ionic/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { storeToken } from '#app/auth/token.ts';
import { dismiss, subscribeNotices } from '#app/components/notices.ts';

export function signedInApp(): void {
  beforeAll(() => setupIonicReact({ mode: 'md' }));
  beforeEach(() => storeToken('t'));
  afterEach(() => {
    storeToken(null);
    localStorage.clear();
    vi.unstubAllGlobals();
    subscribeNotices((notices) => {
      for (const n of notices) dismiss(n.id);
    })();
  });
}
