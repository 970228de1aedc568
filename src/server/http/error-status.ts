/**
 * The HTTP status each error code travels with. Decided here, at the HTTP edge: the domain only
 * names what went wrong.
 *
 * 400 bad input, 401 no or bad token, 403 ONLY for an ended subscription (the app sends the user
 * to /pricing), 404 unknown or someone else's resource, 408/413/414/415/431 the request itself,
 * 409 duplicates and state conflicts, 422 domain rules, 429 rate limit, 504 past the time budget.
 */
import type { ErrorCode } from '#domain/errors.ts';

export const ERROR_STATUS: { readonly [C in ErrorCode]: number } = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  SUBSCRIPTION_ENDED: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  TIMEOUT: 504,
  NO_SYMBOL: 400,
  NO_STRATEGY: 400,
  NO_LEGS: 400,
  NO_TRADE_ACCOUNT: 400,
  UNKNOWN_CONTRACT: 400,
  NOT_TRADED_CONTRACT: 422,
  BAD_LEG_PRICE: 422,
  LEGS_MISMATCH: 422,
  INVALID_STRATEGY_LEGS: 422,
  EXPORT_NOT_AVAILABLE: 422,
  INDEX_NO_STOCK: 422,
  POSITION_CLOSED: 409,
  PLAN_LIMIT_REACHED: 422,
  PENDING_PLAN_CHANGE: 409,
  PLAN_UNCHANGED: 409,
  NO_SUBSCRIPTION: 409,
  BILLED_OUTSIDE_APP: 409,
  PAYMENT_DECLINED: 402,
  WEBHOOK_REJECTED: 400,
  WATCHING_TOO_EXPENSIVE: 422,
  PUSH_ENDPOINT_REFUSED: 422,
  READ_ONLY: 422,
  LIST_EMPTY_NAME: 400,
  LIST_DUPLICATE_NAME: 409,
  UNIVERSE_DUPLICATE_NAME: 409,
  UNIVERSE_USED_IN_SCANS: 409,
  TRADE_ACCOUNT_DUPLICATE_NAME: 409,
  CANCELLED: 400,
};

export const errorStatus = (code: ErrorCode): number => ERROR_STATUS[code];
