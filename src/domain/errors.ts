/**
 * Every error code the API answers with, and its default message: a closed set the server and
 * the app share (`ErrorCode`). Which HTTP status a code travels with is the HTTP edge's business
 * (`src/server/http/error-status.ts`), not the domain's.
 * Messages quoted in the spec are kept word for word; the others are ours.
 * A message may hold `{name}` placeholders, filled by `errorMessage(code, params)`.
 */

interface CatalogueEntry {
  readonly message: string;
}

export const ERROR_CATALOGUE = {
  // Generic HTTP failures.
  BAD_REQUEST: { message: 'The request is not valid.' },
  MALFORMED_JSON: { message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: { message: 'Some values are not valid. Please check them and try again.' },
  UNAUTHORIZED: { message: 'Please sign in to continue.' },
  SUBSCRIPTION_ENDED: { message: 'Your subscription has ended. Please choose a plan to continue.' },
  NOT_FOUND: { message: 'The requested item was not found.' },
  /** The client went away before its scan finished; nobody reads the answer. */
  CANCELLED: { message: 'The request was cancelled.' },
  /** The connection sent no complete request in time (the server's own limit). */
  REQUEST_TIMEOUT: {
    message:
      'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
  },
  CONFLICT: { message: 'The item was changed meanwhile. Please reload and try again.' },
  PAYLOAD_TOO_LARGE: { message: 'The request is too large.' },
  /** A path segment longer than any id, symbol or key the API takes. */
  URI_TOO_LONG: { message: 'The address is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { message: 'The request must be sent as JSON.' },
  HEADERS_TOO_LARGE: { message: 'The request headers are too large.' },
  RATE_LIMITED: { message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { message: 'An error has occurred. Please try again.' },
  TIMEOUT: {
    message:
      'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
  },

  // Orders and contracts (spec 3 §5, §8). The three NO_* codes are shown silently in the editor.
  NO_SYMBOL: { message: 'Please choose a ticker.' },
  NO_STRATEGY: { message: 'Please choose a strategy.' },
  NO_LEGS: { message: 'Please add at least one leg.' },
  NO_TRADE_ACCOUNT: { message: 'Please choose a trading account.' },
  UNKNOWN_CONTRACT: { message: 'Unknown contract type.' },
  NOT_TRADED_CONTRACT: { message: 'All contracts must be traded.' },
  BAD_LEG_PRICE: { message: 'All legs must have a price.' },
  LEGS_MISMATCH: { message: "The selected parameters don't fit the strategy definition." },
  INVALID_STRATEGY_LEGS: { message: 'Invalid strategy legs combination.' },
  EXPORT_NOT_AVAILABLE: { message: 'This order cannot be sent to a broker.' },
  INDEX_NO_STOCK: {
    message: 'An index has no shares to trade. Please remove the stock leg or choose a fund that tracks it.',
  },
  POSITION_CLOSED: { message: 'This position is already closed.' },

  // Plans and subscription (spec 1 §4, §8).
  PLAN_LIMIT_REACHED: { message: 'Unable to proceed due to current subscription plan limitations.' },
  /** A downgrade was scheduled (the answer of PROCEED, spec 1 §4): it is not a failure. */
  PENDING_PLAN_CHANGE: {
    message: 'Your plan change is scheduled. It takes effect on the next billing date.',
  },
  PLAN_UNCHANGED: { message: 'This is already your plan.' },
  /** Plan changes and cancelling need a running subscription bought in the app. */
  NO_SUBSCRIPTION: { message: 'You have no running subscription to change. Please choose a plan to buy.' },
  /** The plan was granted or is billed outside the app (spec 1 §6): support changes it. */
  BILLED_OUTSIDE_APP: {
    message: 'Your plan is billed outside the app. Please e-mail {email} to change or cancel it.',
  },
  PAYMENT_DECLINED: { message: 'The payment was declined: {reason}' },
  /** A payment processor's event whose signature, timestamp or shape is not valid. */
  WEBHOOK_REJECTED: { message: 'The event was rejected: {reason}' },

  // Scans, lists, universes, trading accounts (spec 2 §5, §8; spec 3 §8).
  WATCHING_TOO_EXPENSIVE: { message: 'This scan takes too long to monitor.' },
  /** Samples, the fixed scan lists and predefined universes: the caller names what and why. */
  READ_ONLY: { message: 'This item is read-only.' },
  LIST_EMPTY_NAME: { message: 'List name cannot be empty.' },
  LIST_DUPLICATE_NAME: { message: 'List name must be unique. Please choose a different name.' },
  UNIVERSE_DUPLICATE_NAME: { message: "Universes' names have to be unique. Please choose a different name." },
  UNIVERSE_USED_IN_SCANS: {
    message: 'Unable to delete the universe because it is being used in scan(s): {scans}',
  },
  TRADE_ACCOUNT_DUPLICATE_NAME: {
    message: "Trading Accounts' names have to be unique. Please choose a different name.",
  },

  // Alerts (docs/WATCHING.md).
  PUSH_ENDPOINT_REFUSED: {
    message: "This browser's push service is not one alerts are sent to. Alerts still arrive by e-mail.",
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
  watch: 'Unable to watch the scan due to current subscription plan limitations.',
  report: 'Upgrade your plan to enable options below.',
  addIn: 'The Excel and Google Sheets add-in is part of the Advanced plan.',
} as const;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
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

/**
 * A failure with a catalogue code: domain rules, stores and routes throw it, and the server's
 * HTTP edge answers `{ code, message, details? }` with the code's status.
 */
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

/** `what` (a list, a scan, an order…) does not exist, or is not the caller's. */
export const notFound = (what = 'Resource'): DomainError =>
  new DomainError('NOT_FOUND', { message: `${what} not found.` });

/** One input field is not valid: VALIDATION_FAILED naming it (`field` is its path, e.g. `body.symbols`). */
export const invalidField = (field: string, message: string): DomainError =>
  new DomainError('VALIDATION_FAILED', { message, details: { [field]: message } });
