/**
 * The account calls (spec 1 §7, spec 3 §3, §7): settings per user with validation, usage stats
 * from the plan, the operator's system message (the market environment: market-data.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_USER_SETTINGS, type SubscriptionAnswer, type UserSettings } from '#api/account.ts';
import type { SystemMessage } from '#api/system-message.ts';
import { ops, type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let alice: SignedInClient;
let bob: SignedInClient;
beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  alice = await signedIn(server, 'alice@example.com');
  bob = await signedIn(server, 'bob@example.com');
});
afterAll(() => server?.stop());

const settingsOf = async (user: SignedInClient) =>
  (await (await user.request('/api/v1/account/settings')).json()) as UserSettings;
const patch = (user: SignedInClient, body: unknown) =>
  user.request('/api/v1/account/settings', { method: 'PATCH', body: JSON.stringify(body) });

describe('settings', () => {
  test('start from the defaults (trade table columns, tradeDate descending, not grouped)', async () => {
    expect(await settingsOf(alice)).toEqual(DEFAULT_USER_SETTINGS);
    expect(DEFAULT_USER_SETTINGS.trades.sorting).toEqual({ key: 'tradeDate', order: 'desc' });
  });

  test('a patch changes only what it names, and is kept', async () => {
    const res = await patch(alice, {
      appearance: { mode: 'dark' },
      analyzeTab: 'options',
      scannerSorting: { collapsedListIds: [3, 'sample'] },
      trades: { grouping: 'expiration_date' },
    });
    expect(res.status).toBe(200);
    const expected: UserSettings = {
      ...DEFAULT_USER_SETTINGS,
      appearance: { mode: 'dark' },
      analyzeTab: 'options',
      scannerSorting: { ...DEFAULT_USER_SETTINGS.scannerSorting, collapsedListIds: [3, 'sample'] },
      trades: { ...DEFAULT_USER_SETTINGS.trades, grouping: 'expiration_date' },
    };
    expect(await res.json()).toEqual(expected);
    expect(await settingsOf(alice)).toEqual(expected);
    expect((await patch(alice, {})).status).toBe(200);
    expect(await settingsOf(alice)).toEqual(expected);
  });

  test('are per user: one user’s changes never reach another', async () => {
    await patch(bob, { appearance: { mode: 'light' }, trades: { columnKeys: ['pl'] } });
    const alices = await settingsOf(alice);
    const bobs = await settingsOf(bob);
    expect(alices.appearance.mode).toBe('dark');
    expect(alices.trades.columnKeys).toEqual(DEFAULT_USER_SETTINGS.trades.columnKeys);
    expect(bobs.appearance.mode).toBe('light');
    expect(bobs.analyzeTab).toBe('strategy');
    expect(bobs.trades.columnKeys).toEqual(['pl']);
  });

  test('no path addresses another user’s account: the only settings are the caller’s', async () => {
    for (const path of [
      '/api/v1/account/settings/1',
      '/api/v1/users/1/settings',
      '/api/v1/account/1/subscription',
    ]) {
      const res = await alice.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  test.each([
    [{ appearance: { mode: 'sepia' } }, 'body.appearance.mode'],
    [{ analyzeTab: 'charts' }, 'body.analyzeTab'],
    [{ trades: { columnKeys: [] } }, 'body.trades.columnKeys'],
    [{ trades: { columnKeys: ['pl', 'drop table'] } }, 'body.trades.columnKeys.1'],
    [{ trades: { sorting: { key: 'pl', order: 'up' } } }, 'body.trades.sorting.order'],
    [{ scannerSorting: { onlyWatched: 'yes' } }, 'body.scannerSorting.onlyWatched'],
    [{ colour: 'blue' }, 'body.colour'],
    [{ appearance: { mode: 'dark', font: 'big' } }, 'body.appearance.font'],
  ])('malformed %j → 400 naming %s, nothing stored', async (body, field) => {
    const before = await settingsOf(alice);
    const res = await patch(alice, body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { code: string; details: Record<string, string> };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.details)).toContain(field);
    expect(await settingsOf(alice)).toEqual(before);
  });

  test('a body that is not JSON is refused as such', async () => {
    const res = await alice.request('/api/v1/account/settings', { method: 'PATCH', body: '{"appearance":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'MALFORMED_JSON' });
  });
});

describe('usage stats follow the plan', () => {
  test.each([
    [null, { maxWatchingScans: 20, usedWatchingScans: 0, reportsAvailability: 0, maxTradingAccounts: null }],
    [1, { maxWatchingScans: 0, usedWatchingScans: 0, reportsAvailability: 0, maxTradingAccounts: 2 }],
    [12, { maxWatchingScans: 0, usedWatchingScans: 0, reportsAvailability: 1, maxTradingAccounts: 2 }],
    [112, { maxWatchingScans: 20, usedWatchingScans: 0, reportsAvailability: 2, maxTradingAccounts: null }],
  ])('plan %s', async (planId, expected) => {
    const email = `usage-${planId ?? 'trial'}@example.com`;
    const user = await signedIn(server, email);
    if (planId !== null) await setPlan(server, email, planId);
    expect(await (await user.request('/api/v1/account/usagestats')).json()).toEqual(expected);
  });
});

describe('subscription answer', () => {
  test('a premium plan set by the operator: plan, status, days to the period end, no processor', async () => {
    const user = await signedIn(server, 'paid@example.com');
    await setPlan(server, 'paid@example.com', 112);
    const answer = (await (await user.request('/api/v1/account/subscription')).json()) as SubscriptionAnswer;
    expect(answer).toMatchObject({ status: 2, planId: 112, processor: null });
    expect(answer.goodUntilDays).toBeGreaterThanOrEqual(364);
    expect(answer.goodUntilDays).toBeLessThanOrEqual(365);
  });
});

describe('system message', () => {
  test('set and cleared by the operator, read by anyone', async () => {
    expect((await server.request('/api/v1/system/message')).status).toBe(204);
    await ops(server, 'message', 'Maintenance', 'tonight', '--description', 'From 22:00 UTC', '--trailing');
    const res = await server.request('/api/v1/system/message');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as SystemMessage;
    expect(body).toMatchObject({
      message: 'Maintenance tonight',
      description: 'From 22:00 UTC',
      trailing: true,
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(0);
    await ops(server, 'message', '--clear');
    expect((await server.request('/api/v1/system/message')).status).toBe(204);
  });
});
