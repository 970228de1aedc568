import { useCallback, useEffect, useState } from 'react';
import { authorizationUrl } from '#app/auth/sign-in.ts';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

/** The router state given to /signin, without the router's own bookkeeping keys. */
function userState(state: unknown): Record<string, unknown> | undefined {
  const entries = Object.entries(typeof state === 'object' && state ? state : {}).filter(
    ([k]) => !k.startsWith('__TSR') && k !== 'key',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * /signin and /signup: straight on to the provider's page (sign-up page for /signup), keeping
 * where to come back to. Only shows something if the provider cannot be reached. Reads the
 * address and history state directly: the page is left at once, and the router's hooks would
 * pull more of the router into this chunk.
 */
export function SignInScreen() {
  const signUp = window.location.pathname.startsWith('/signup');
  const [failed, setFailed] = useState(false);

  const start = useCallback(() => {
    setFailed(false);
    authorizationUrl({
      signUp,
      redirect: new URLSearchParams(window.location.search).get('redirect') ?? '/',
      routerState: userState(window.history.state),
    }).then(
      (url) => window.location.assign(url),
      () => setFailed(true),
    );
  }, [signUp]);

  useEffect(start, [start]);

  return (
    <section className="auth-screen">
      <ScreenTitle title={signUp ? 'Sign Up' : 'Sign In'} />
      {failed ? (
        <>
          <p role="alert">
            The sign-in service cannot be reached. Please check the connection and try again.
          </p>
          <button type="button" className="action-button" onClick={start}>
            Try again
          </button>
        </>
      ) : (
        <p>Taking you to the sign-in page…</p>
      )}
    </section>
  );
}
