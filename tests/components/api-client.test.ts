import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MARKET_CALLS } from '#api/contract/market.ts';
import { SCREENER_CALLS } from '#api/contract/screener.ts';
import { TRADE_CALLS } from '#api/contract/trades.ts';
import { TIMEOUT_MESSAGE } from '#api/errors.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { ApiRequestError, configureApiClient } from '#app/api/client.ts';
import { storeToken } from '#app/auth/token.ts';

const screener = apiCaller(SCREENER_CALLS);
const market = apiCaller(MARKET_CALLS);
const trades = apiCaller(TRADE_CALLS);
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
    await expect(screener('lists.create', { body: { name: 'Mine' } })).resolves.toEqual({ ok: true });
    const headers = lastRequest?.init.headers as Record<string, string>;
    expect(lastRequest?.url).toBe('/api/v1/lists');
    expect(lastRequest?.init.method).toBe('POST');
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['x-device-fingerprint']).toBe('fp-123');
    expect(headers['content-type']).toBe('application/json');
    expect(lastRequest?.init.body).toBe('{"name":"Mine"}');
  });

  test("a call's method and path come from the contract, with its params and query filled in", async () => {
    answer(200, []);
    await market('market.ivRv', {
      params: { symbol: 'BRK.B' },
      query: { delta: 30, dte: 45, right: 'PUT' },
    });
    expect(lastRequest?.url).toBe('/api/v1/underlyings/BRK.B/iv-rv?delta=30&dte=45&right=PUT');
    expect(lastRequest?.init.method).toBe('GET');
    await trades('trades.list', { params: { view: 'open' }, query: { accountId: 7 } });
    expect(lastRequest?.url).toBe('/api/v1/trades/open?accountId=7');
    await market('market.optionChain', { params: { id: 'A/B C' } });
    expect(lastRequest?.url).toBe('/api/v1/trades/A%2FB%20C/optionchain');
    answer(204, undefined);
    await expect(screener('scans.unfavorite', { params: { id: 12 } })).resolves.toBeUndefined();
    expect(lastRequest?.url).toBe('/api/v1/scans/12/favorite');
    expect(lastRequest?.init.method).toBe('DELETE');
    expect(lastRequest?.init.body).toBeNull();
  });

  test('a call the contract does not have, or a param or field it does not take, is a type error', () => {
    // The check is `npm run typecheck`: each line below must stay an error. Never run.
    const typeErrors = () => [
      // @ts-expect-error: no such call
      screener('scans.runAll', {}),
      // @ts-expect-error: the call's param is `id`
      screener('scans.get', { params: { scanId: 1 } }),
      // @ts-expect-error: the params are required
      screener('scans.get', {}),
      // @ts-expect-error: a view is open, closed or archived
      trades('trades.list', { params: { view: 'all' }, query: { accountId: 1 } }),
      // @ts-expect-error: the body is a list name
      screener('lists.create', { body: { title: 'x' } }),
      // @ts-expect-error: this call sends no body
      screener('scans.tags', { body: {} }),
      // @ts-expect-error: a trade-log call is not the screener's
      screener('trades.order', { params: { id: 1 } }),
    ];
    expect(typeErrors).toBeTypeOf('function');
    expect(Object.keys(SCREENER_CALLS)).not.toContain('scans.runAll');
  });

  test('401 sends the user to /signin, except on the sign-in pages', async () => {
    answer(401, { code: 'UNAUTHORIZED', message: 'no' });
    await expect(screener('scans.tags', {})).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(redirect).toHaveBeenCalledWith('/signin');
    redirect.mockReset();
    path = '/signup';
    await expect(screener('scans.tags', {})).rejects.toBeInstanceOf(ApiRequestError);
    expect(redirect).not.toHaveBeenCalled();
  });

  test('403 sends the user to /pricing unless already there', async () => {
    answer(403, { code: 'SUBSCRIPTION_ENDED', message: 'ended' });
    await expect(screener('scans.tags', {})).rejects.toMatchObject({ status: 403 });
    expect(redirect).toHaveBeenCalledWith('/pricing');
    redirect.mockReset();
    path = '/pricing';
    await expect(screener('scans.tags', {})).rejects.toMatchObject({ status: 403 });
    expect(redirect).not.toHaveBeenCalled();
  });

  test.each([408, 504])('%i raises the time-out message', async (status) => {
    answer(status, { code: 'TIMEOUT', message: 'server text' });
    await expect(screener('scans.tags', {})).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: TIMEOUT_MESSAGE,
    });
  });

  test('other failures raise the body code and message; a body without them gets the generic text', async () => {
    answer(409, {
      code: 'LIST_DUPLICATE_NAME',
      message: 'List name must be unique. Please choose a different name.',
    });
    await expect(screener('lists.create', { body: { name: 'Mine' } })).rejects.toMatchObject({
      code: 'LIST_DUPLICATE_NAME',
      status: 409,
    });
    answer(500, 'oops');
    await expect(screener('scans.tags', {})).rejects.toMatchObject({
      message: 'An error has occurred. Please try again.',
    });
  });
});
