import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { recordPageView } from '#app/analytics.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { completeSignIn } from '#app/auth/sign-in.ts';
import { signOut } from '#app/auth/sign-out.ts';
import { storeToken } from '#app/auth/token.ts';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { subscriptionQuery } from '#app/features/account/subscription.ts';

/** The spec's wording when the provider sends no token (spec 1 §2). */
export const NO_TOKEN_MESSAGE = "Can't use this email address. It is either disposable or a typo.";
const LAST_USER_KEY = 'auth:sub';

/**
 * /auth: the provider's answer. A good token is stored, the subscription loaded (a new user's
 * first answer records the sign-up page view), and the user goes on to where they were headed.
 */
export function AuthScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'working' | 'noToken' | 'mismatch' | 'refused'>('working');
  // StrictMode runs effects twice in development; the answer can be read only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const result = completeSignIn(window.location.hash);
    // Keep the token out of the address bar and the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (result.kind !== 'signedIn') {
      setOutcome(result.kind);
      return;
    }
    // Another user on this device: nothing cached for the previous one may show.
    if (localStorage.getItem(LAST_USER_KEY) !== result.sub) queryClient.clear();
    localStorage.setItem(LAST_USER_KEY, result.sub);
    const goOn = () =>
      void navigate({ href: result.redirect, replace: true, state: result.routerState as never });
    queryClient.fetchQuery(subscriptionQuery()).then(
      (subscription) => {
        if (subscription.signup) recordPageView('/signup/success');
        goOn();
      },
      (error: unknown) => {
        // The API refuses the provider's fresh token (a configuration fault): stop here rather
        // than loop between the provider and the app. Offline or a server error: carry on.
        if (error instanceof ApiRequestError && error.status === 401) {
          storeToken(null);
          setOutcome('refused');
        } else goOn();
      },
    );
  }, [navigate, queryClient]);

  if (outcome === 'noToken') {
    return (
      <section className="auth-screen">
        <ScreenTitle title="Sign-in failed" />
        <p role="alert">{NO_TOKEN_MESSAGE}</p>
        <button type="button" className="action-button" onClick={() => void signOut(queryClient, '/signup')}>
          Log out and try another address
        </button>
      </section>
    );
  }
  if (outcome === 'refused') {
    return (
      <section className="auth-screen">
        <ScreenTitle title="Sign-in failed" />
        <p role="alert">The sign-in was not accepted. Please try again later or contact support.</p>
        <button type="button" className="action-button" onClick={() => void signOut(queryClient)}>
          Sign out
        </button>
      </section>
    );
  }
  if (outcome === 'mismatch') {
    return (
      <section className="auth-screen">
        <ScreenTitle title="Sign-in failed" />
        <p role="alert">This sign-in could not be completed. Please sign in again.</p>
        <button type="button" className="action-button" onClick={() => void navigate({ to: '/signin' })}>
          Sign in
        </button>
      </section>
    );
  }
  return (
    <section className="auth-screen">
      <ScreenTitle title="Signing In" />
      <p>Signing you in…</p>
    </section>
  );
}
