/**
 * Page views for analytics (spec 1 §4: a sign-up records a virtual success page view). No
 * analytics service is wired in: each view is a `app:pageview` DOM event with the path, which a
 * tag manager or tests can listen to.
 */
export const PAGE_VIEW_EVENT = 'app:pageview';

export function recordPageView(path: string): void {
  window.dispatchEvent(new CustomEvent(PAGE_VIEW_EVENT, { detail: path }));
}
