import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import { ApiRequestError } from '../api/client.ts';

/**
 * What to tell the user about a failed request: the server's own message when it refused the
 * input (a duplicate name, a blank one, a scan still using a universe…), the time-out message for
 * a 408 or 504 (a scan past its time budget), the generic one for anything else (spec 1 §8).
 */
export const errorMessageOf = (error: unknown): string =>
  error instanceof ApiRequestError &&
  (error.code === 'TIMEOUT' || (error.status < 500 && error.code !== 'UNKNOWN'))
    ? error.message
    : GENERIC_ERROR_MESSAGE;
