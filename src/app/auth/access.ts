/**
 * Who may see which screen (spec 1 §4–§6): sign-in pages and terms are public; every other
 * screen needs a stored token; an ended trial or subscription reaches only pricing, checkout
 * and thank-you.
 */
const PUBLIC = /^\/(signin|signup|auth|verified|terms)(\/|$)/;
const OPEN_WHEN_ENDED = /^\/(pricing|checkout|thankyou)(\/|$)/;

/** trialEnded 1, premiumEnded 4. */
export const isEndedStatus = (status: number) => status === 1 || status === 4;

/** Where the user must go instead of `pathname`, or null to stay. */
export function accessRedirect(
  pathname: string,
  href: string,
  hasToken: boolean,
  status: number | undefined,
): string | null {
  if (PUBLIC.test(pathname)) return null;
  if (!hasToken) return signInHref(href);
  if (status !== undefined && isEndedStatus(status) && !OPEN_WHEN_ENDED.test(pathname)) return '/pricing';
  return null;
}

/** /signin remembering where to come back to. */
export function signInHref(returnTo: string): string {
  return returnTo === '/' || returnTo === '' ? '/signin' : `/signin?redirect=${encodeURIComponent(returnTo)}`;
}

/** A redirect target only if it stays inside the app (no open redirect through the state). */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\')
    ? value
    : '/';
}
