import type { ErrorCode } from '#domain/errors.ts';

/**
 * The one error shape every API failure answers with: `{ code, message, details? }`.
 * Kept free of zod: the app's entry chunk imports it, and the phone's first download matters.
 */
export interface ApiError {
  /** One of the catalogue's codes (src/domain/errors.ts): the same closed set on both sides. */
  code: ErrorCode;
  message: string;
  /** Failing fields for validation errors: path → message. */
  details?: Record<string, string>;
  /** On a 500: the id the server logged the failure under, for support. */
  requestId?: string;
}

/**
 * The shape of the error body. The code is the server's, from the catalogue (the route fuzzer
 * holds it to that); checking it against the catalogue here would put every message in the
 * app's first download.
 */
export function isApiError(value: unknown): value is ApiError {
  const v = value as Partial<ApiError> | null;
  return typeof v === 'object' && v !== null && typeof v.code === 'string' && typeof v.message === 'string';
}

/** Shown for 408 and 504 answers (spec 1 §8). */
export const TIMEOUT_MESSAGE =
  'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.';
/** The generic toast text (spec 1 §8). */
export const GENERIC_ERROR_MESSAGE = 'An error has occurred. Please try again.';
