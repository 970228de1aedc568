/**
 * The one way the app talks to the API: calls by name from a map of the HTTP contract
 * (`apiCaller(SCREENER_CALLS)('scans.run', { body })` in `api-caller.ts`, `shellCall(name)` for
 * the shell's: the path, method and answer come from the call's entry; each feature imports only
 * its own map, so the entry chunk carries the shell's alone),
 * JSON, the bearer token, the device fingerprint header when present, and the spec's answers to
 * failures (spec 1 §4 and §8): 401 → /signin, 403 → /pricing, 408/504 → the time-out message,
 * others raise `{code, message}`.
 */
import type { EntryAnswer, HttpMethod } from '#api/contract/define.ts';
import { SHELL_CALLS } from '#api/contract/shell.ts';
import { GENERIC_ERROR_MESSAGE, isApiError, TIMEOUT_MESSAGE } from '#api/errors.ts';
import { API_BASE } from '#api/paths.ts';
import type { ErrorCode } from '#domain/errors.ts';
import { storedToken } from '../auth/token.ts';
import { inFlightWhile } from './first-content.ts';

/** A failed call: the catalogue's code, or UNKNOWN when the answer was not the API's error body. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'UNKNOWN';
  readonly details: Record<string, string> | undefined;
  constructor(
    status: number,
    code: ErrorCode | 'UNKNOWN',
    message: string,
    details?: Record<string, string>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ClientHooks {
  /** Navigates the app (the router's navigate), used for the 401/403 redirects. */
  redirect(to: '/signin' | '/pricing'): void;
  currentPath(): string;
  fingerprint(): string | null;
}

let hooks: ClientHooks = {
  redirect: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname,
  fingerprint: () => null,
};

export function configureApiClient(next: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** A call as sent: a shell call's entry, a feature call's `requestOf`, a replayed write. */
export interface ApiRequest {
  readonly method: HttpMethod;
  /** Under /api/v1, with the query string. */
  readonly path: string;
  readonly body?: unknown;
  /** A write's client-generated id: the server answers a repeat as it answered the first. */
  readonly idempotencyKey?: string;
}

/**
 * Sends `request`; the first screen's requests tell when it has its content (`first-content.ts`).
 * `read` reads the answer: JSON, or `arrayBuffer()` for a binary answer.
 */
export const apiRequest = <T>(
  request: ApiRequest,
  signal?: AbortSignal,
  read: (response: Response) => Promise<unknown> = (response) => response.json(),
): Promise<T> => inFlightWhile(() => send<T>(request, signal, read));

async function send<T>(
  { method, path, body, idempotencyKey }: ApiRequest,
  signal: AbortSignal | undefined,
  read: (response: Response) => Promise<unknown>,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const token = storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const fingerprint = hooks.fingerprint();
  if (fingerprint) headers['x-device-fingerprint'] = fingerprint;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
  if (response.ok) {
    return (response.status === 204 ? undefined : await read(response)) as T;
  }
  throw await failureOf(response);
}

async function failureOf(response: Response): Promise<ApiRequestError> {
  const { status } = response;
  const path = hooks.currentPath();
  // Not from the sign-in pages themselves: /auth handles a refused fresh token (no loop).
  if (status === 401 && path !== '/signin' && path !== '/signup' && path !== '/auth')
    hooks.redirect('/signin');
  if (status === 403 && path !== '/pricing') hooks.redirect('/pricing');
  if (status === 408 || status === 504) return new ApiRequestError(status, 'TIMEOUT', TIMEOUT_MESSAGE);
  const body: unknown = await response.json().catch(() => null);
  if (isApiError(body)) return new ApiRequestError(status, body.code, body.message, body.details);
  return new ApiRequestError(status, 'UNKNOWN', GENERIC_ERROR_MESSAGE);
}

/** The shell's calls that send nothing. */
type BareShellCall = 'auth.config' | 'account.subscription' | 'system.message';

/**
 * A shell call that sends nothing (`shellCall('system.message', signal)`). The features call
 * through `apiCaller` (`api-caller.ts`, outside the entry chunk), which fills params and queries.
 */
export const shellCall = <N extends BareShellCall>(
  name: N,
  signal?: AbortSignal,
): Promise<EntryAnswer<(typeof SHELL_CALLS)[N]>> => apiRequest(SHELL_CALLS[name], signal);
