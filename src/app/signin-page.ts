/**
 * The entry of signin.html, the page a document load of /signin or /signup gets: on to the
 * provider's page at once (the sign-up page for /signup), keeping where to come back to. It
 * needs none of the app, so a signed-out visitor downloads a few KB instead of the app's bundle
 * (docs/ARCHITECTURE.md, "First load"); inside the app the same addresses are the router's
 * `SignInScreen`. Only shows something if the provider cannot be reached.
 */
import { authorizationUrl } from './auth/sign-in.ts';

const signUp = window.location.pathname.startsWith('/signup');
const element = (id: string) => document.getElementById(id) as HTMLElement;

function start(): void {
  element('status').hidden = false;
  element('failed').hidden = true;
  element('retry').hidden = true;
  authorizationUrl({
    signUp,
    redirect: new URLSearchParams(window.location.search).get('redirect') ?? '/',
  }).then(
    (url) => window.location.assign(url),
    () => {
      element('status').hidden = true;
      element('failed').hidden = false;
      element('retry').hidden = false;
    },
  );
}

if (signUp) {
  element('title').textContent = 'Sign Up';
  document.title = 'OptionScout: Sign Up';
}
element('retry').addEventListener('click', start);
start();
