import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TIMEOUT_MESSAGE } from '#api/errors.ts';
import { ApiRequestError, api, configureApiClient } from '#app/api/client.ts';
import { storeToken } from '#app/auth/token.ts';

const redirect = vi.fn();
let path = '/screener';
let lastRequest: { url: string; init: RequestInit } | null = null;

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      lastRequest = { url, init };
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
}

beforeEach(() => {
  redirect.mockReset();
  path = '/screener';
  configureApiClient({ redirect, currentPath: () => path, fingerprint: () => 'fp-123' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  storeToken(null);
});

describe('api client', () => {
  test('sends JSON with the bearer token and the device fingerprint', async () => {
    storeToken('tok');
    answer(200, { ok: true });
    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ ok: true });
    const headers = lastRequest?.init.headers as Record<string, string>;
    expect(lastRequest?.url).toBe('/api/v1/things');
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['x-device-fingerprint']).toBe('fp-123');
    expect(headers['content-type']).toBe('application/json');
    expect(lastRequest?.init.body).toBe('{"a":1}');
  });

  test('401 sends the user to /signin, except on the sign-in pages', async () => {
    answer(401, { code: 'UNAUTHORIZED', message: 'no' });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(redirect).toHaveBeenCalledWith('/signin');
    redirect.mockReset();
    path = '/signup';
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiRequestError);
    expect(redirect).not.toHaveBeenCalled();
  });

  test('403 sends the user to /pricing unless already there', async () => {
    answer(403, { code: 'SUBSCRIPTION_ENDED', message: 'ended' });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 403 });
    expect(redirect).toHaveBeenCalledWith('/pricing');
    redirect.mockReset();
    path = '/pricing';
    await expect(api.get('/x')).rejects.toMatchObject({ status: 403 });
    expect(redirect).not.toHaveBeenCalled();
  });

  test.each([408, 504])('%i raises the time-out message', async (status) => {
    answer(status, { code: 'TIMEOUT', message: 'server text' });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
  });

  test('other failures raise the body code and message; a body without them gets the generic text', async () => {
    answer(409, {
      code: 'LIST_DUPLICATE_NAME',
      message: 'List name must be unique. Please choose a different name.',
    });
    await expect(api.post('/lists', {})).rejects.toMatchObject({ code: 'LIST_DUPLICATE_NAME', status: 409 });
    answer(500, 'oops');
    await expect(api.get('/x')).rejects.toMatchObject({
      message: 'An error has occurred. Please try again.',
    });
  });
});
