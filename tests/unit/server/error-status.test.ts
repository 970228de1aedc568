import { describe, expect, test } from 'vitest';
import { ERROR_CODES } from '#domain/errors.ts';
import { ERROR_STATUS, errorStatus } from '#server/http/error-status.ts';

describe('the HTTP status of each error code', () => {
  test.each([
    ['BAD_REQUEST', 400],
    ['VALIDATION_FAILED', 400],
    ['MALFORMED_JSON', 400],
    ['NO_SYMBOL', 400],
    ['NO_STRATEGY', 400],
    ['NO_LEGS', 400],
    ['UNKNOWN_CONTRACT', 400],
    ['LIST_EMPTY_NAME', 400],
    ['UNAUTHORIZED', 401],
    ['SUBSCRIPTION_ENDED', 403],
    ['NOT_FOUND', 404],
    ['REQUEST_TIMEOUT', 408],
    ['CONFLICT', 409],
    ['TRADE_ACCOUNT_DUPLICATE_NAME', 409],
    ['LIST_DUPLICATE_NAME', 409],
    ['UNIVERSE_DUPLICATE_NAME', 409],
    ['UNIVERSE_USED_IN_SCANS', 409],
    ['PENDING_PLAN_CHANGE', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['URI_TOO_LONG', 414],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['HEADERS_TOO_LARGE', 431],
    ['LEGS_MISMATCH', 422],
    ['BAD_LEG_PRICE', 422],
    ['NOT_TRADED_CONTRACT', 422],
    ['PLAN_LIMIT_REACHED', 422],
    ['INVALID_STRATEGY_LEGS', 422],
    ['WATCHING_TOO_EXPENSIVE', 422],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
    ['TIMEOUT', 504],
    ['CANCELLED', 400],
  ] as const)('%s answers %i', (code, status) => {
    expect(errorStatus(code)).toBe(status);
  });

  test('403 is used only for an ended subscription', () => {
    expect(ERROR_CODES.filter((code) => errorStatus(code) === 403)).toEqual(['SUBSCRIPTION_ENDED']);
  });

  test('every catalogue code has a status, and nothing else does', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });
});
