/**
 * A renewal the card declines is retried once a day; access lasts GRACE_DAYS from the first
 * failure, then the subscription ends (docs/BILLING.md "Failed renewals").
 */
export const GRACE_DAYS = 7;
