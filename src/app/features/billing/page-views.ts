/**
 * The subscription screens' virtual page views (`recordPageView`, src/app/analytics.ts): a
 * purchase in the store frame and a plan change the server accepted.
 */
export const PURCHASE_SUCCESS_VIEW = '/checkout/success';
export const PLAN_CHANGE_SUCCESS_VIEW = '/checkout/plan-changed';
