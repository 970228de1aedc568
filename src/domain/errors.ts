/**
 * Every error code the API answers with, its HTTP status and its default message.
 *
 * Statuses: 400 bad input, 401 no or bad token, 403 ONLY for an ended subscription (the app
 * sends the user to /pricing), 404 unknown or someone else's resource, 409 duplicates and
 * state conflicts, 422 domain rules, 429 rate limit, 504 past the time budget.
 * Messages quoted in the spec are kept word for word; the others are ours.
 * A message may hold `{name}` placeholders, filled by `errorMessage(code, params)`.
 */

interface CatalogueEntry {
  readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 414 | 415 | 422 | 429 | 431 | 500 | 504;
  readonly message: string;
}

export const ERROR_CATALOGUE = {
  // Generic HTTP failures.
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: { status: 400, message: 'Some values are not valid. Please check them and try again.' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue.' },
  SUBSCRIPTION_ENDED: {
    status: 403,
    message: 'Your subscription has ended. Please choose a plan to continue.',
  },
  NOT_FOUND: { status: 404, message: 'The requested item was not found.' },
  /** The connection sent no complete request in time (the server's own limit). */
  REQUEST_TIMEOUT: {
    status: 408,
    message:
      'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
  },
  CONFLICT: { status: 409, message: 'The item was changed meanwhile. Please reload and try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** A path segment longer than any id, symbol or key the API takes. */
  URI_TOO_LONG: { status: 414, message: 'The address is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request must be sent as JSON.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'An error has occurred. Please try again.' },
  TIMEOUT: {
    status: 504,
    message:
      'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
  },

  // Orders and contracts (spec 3 §5, §8). The three NO_* codes are shown silently in the editor.
  NO_SYMBOL: { status: 400, message: 'Please choose a ticker.' },
  NO_STRATEGY: { status: 400, message: 'Please choose a strategy.' },
  NO_LEGS: { status: 400, message: 'Please add at least one leg.' },
  NO_TRADE_ACCOUNT: { status: 400, message: 'Please choose a trading account.' },
  UNKNOWN_CONTRACT: { status: 400, message: 'Unknown contract type.' },
  NOT_TRADED_CONTRACT: { status: 422, message: 'All contracts must be traded.' },
  BAD_LEG_PRICE: { status: 422, message: 'All legs must have a price.' },
  LEGS_MISMATCH: { status: 422, message: "The selected parameters don't fit the strategy definition." },
  INVALID_STRATEGY_LEGS: { status: 422, message: 'Invalid strategy legs combination.' },
  EXPORT_NOT_AVAILABLE: { status: 422, message: 'This order cannot be sent to a broker.' },
  INDEX_NO_STOCK: {
    status: 422,
    message: 'An index has no shares to trade. Please remove the stock leg or choose a fund that tracks it.',
  },
  POSITION_CLOSED: { status: 409, message: 'This position is already closed.' },

  // Plans and subscription (spec 1 §4, §8).
  PLAN_LIMIT_REACHED: {
    status: 422,
    message: 'Unable to proceed due to current subscription plan limitations.',
  },
  PENDING_PLAN_CHANGE: {
    status: 409,
    message: 'A plan change is already pending. It takes effect on the next billing date.',
  },

  // Scans, lists, universes, trading accounts (spec 2 §5, §8; spec 3 §8).
  WATCHING_TOO_EXPENSIVE: { status: 422, message: 'This scan takes too long to monitor.' },
  /** Samples, the fixed scan lists and predefined universes: the caller names what and why. */
  READ_ONLY: { status: 422, message: 'This item is read-only.' },
  LIST_EMPTY_NAME: { status: 400, message: 'List name cannot be empty.' },
  LIST_DUPLICATE_NAME: { status: 409, message: 'List name must be unique. Please choose a different name.' },
  UNIVERSE_DUPLICATE_NAME: {
    status: 409,
    message: "Universes' names have to be unique. Please choose a different name.",
  },
  UNIVERSE_USED_IN_SCANS: {
    status: 409,
    message: 'Unable to delete the universe because it is being used in scan(s): {scans}',
  },
  TRADE_ACCOUNT_DUPLICATE_NAME: {
    status: 409,
    message: "Trading Accounts' names have to be unique. Please choose a different name.",
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** `ErrorCode.NOT_FOUND === 'NOT_FOUND'`: code names usable as values. */
export const ErrorCode = Object.freeze(
  Object.fromEntries(Object.keys(ERROR_CATALOGUE).map((code) => [code, code])),
) as { readonly [C in ErrorCode]: C };

export const ERROR_CODES = Object.freeze(Object.keys(ERROR_CATALOGUE)) as readonly ErrorCode[];

/** The contextual wordings of PLAN_LIMIT_REACHED (spec 2 §8, spec 3 §8). */
export const PLAN_LIMIT_MESSAGES = {
  trade: 'Unable to proceed with the trade due to current subscription plan limitations.',
  scanRun: 'Unable to run the scan due to current subscription plan limitations.',
  scanSave: 'Unable to save the scan due to current subscription plan limitations.',
  addIn: 'The Excel and Google Sheets add-in is part of the Advanced plan.',
} as const;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/**
 * The default message of `code` with its `{name}` placeholders filled from `params`.
 * A placeholder without a value is dropped together with the ': ' or ' ' before it, so a
 * message is readable even when the caller has nothing to fill in.
 */
export function errorMessage(code: ErrorCode, params: Readonly<Record<string, string>> = {}): string {
  return ERROR_CATALOGUE[code].message.replace(/(:? ?)\{(\w+)\}/g, (_match, lead: string, name: string) => {
    const value = params[name];
    return value === undefined ? '' : `${lead}${value}`;
  });
}

/** A domain rule failure; the server turns it into `{ code, message, details? }` with `errorStatus(code)`. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: ErrorCode;
  /** Failing fields, path → message (the API's `details`). */
  readonly details: Readonly<Record<string, string>> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      readonly message?: string;
      readonly params?: Readonly<Record<string, string>>;
      readonly details?: Readonly<Record<string, string>>;
    } = {},
  ) {
    super(options.message ?? errorMessage(code, options.params));
    this.code = code;
    this.details = options.details;
  }
}
