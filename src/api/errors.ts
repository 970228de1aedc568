/**
 * The one error shape every API failure answers with: `{ code, message, details? }`.
 * Kept free of zod: the app's entry chunk imports it, and the phone's first download matters.
 */
export interface ApiError {
  code: string;
  message: string;
  /** Failing fields for validation errors: path → message. */
  details?: Record<string, string>;
}

export function isApiError(value: unknown): value is ApiError {
  const v = value as Partial<ApiError> | null;
  return typeof v === 'object' && v !== null && typeof v.code === 'string' && typeof v.message === 'string';
}

/** Shown for 408 and 504 answers (spec 1 §8). */
export const TIMEOUT_MESSAGE =
  'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.';
/** The generic toast text (spec 1 §8). */
export const GENERIC_ERROR_MESSAGE = 'An error has occurred. Please try again.';
