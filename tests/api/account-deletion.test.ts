/**
 * DELETE /account (docs/SECURITY.md): a user removes their data and identity; their tokens are
 * refused from then on, and signing up again with the same address does not restore a used
 * trial.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SubscriptionAnswer } from '#api/account.ts';
import { ListRole } from '#api/screener-model.ts';
import type { SavedTradeAccount } from '#api/trade-accounts.ts';
import {
  clientWithToken,
  moveClock,
  type SignedInClient,
  signedIn,
  signInThroughIssuer,
} from '../support/auth.ts';
import { listOf, lists, saveScan, saveUniverse, universes } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createAccount, json } from '../support/trades.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
});
afterAll(() => server?.stop());

const PASSWORD = 'a long enough password';

/** Signs up (or in) through the embedded issuer's pages, as the app does; the id token. */
async function signUpOrIn(email: string, mode: 'signup' | 'signin') {
  const names: Record<string, string> = mode === 'signup' ? { given_name: 'Dee', family_name: 'Lete' } : {};
  const stop = await signInThroughIssuer(server, { ...names, email, password: PASSWORD });
  return { status: stop.status, token: stop.answer?.get('id_token') ?? null };
}

const client = (email: string, token: string): SignedInClient => clientWithToken(server, email, token);

const subscriptionOf = async (c: SignedInClient) => {
  const res = await c.request('/api/v1/account/subscription');
  return { status: res.status, body: res.ok ? await json<SubscriptionAnswer>(res) : null };
};

describe('DELETE /account', () => {
  test('removes the data and identity; the old token is refused, not a new trial', async () => {
    const email = 'dee@example.com';
    const { token } = await signUpOrIn(email, 'signup');
    expect(token).toBeTruthy();
    const dee = client(email, token!);
    expect((await subscriptionOf(dee)).body).toMatchObject({ status: 0, goodUntilDays: 14 });
    await createAccount(dee, 'IRA');
    await saveScan(dee, { strategy: 'naked_put', title: 'My puts' });
    await saveUniverse(dee, 'Mine', 'KO, PEP');
    // Someone else's data stays.
    const other = await signedIn(server, 'other@example.com');
    await createAccount(other, 'Other');

    const res = await dee.request('/api/v1/account', { method: 'DELETE' });
    expect(res.status).toBe(204);

    // The token that was valid a moment ago: 401, and no user appears again.
    const after = await dee.request('/api/v1/account/subscription');
    expect(after.status).toBe(401);
    expect((await json<{ code: string }>(after)).code).toBe('UNAUTHORIZED');
    expect((await dee.request('/api/v1/tradeaccount')).status).toBe(401);
    // The identity is gone: the password no longer signs in.
    expect((await signUpOrIn(email, 'signin')).status).toBe(401);

    // Signing up again: an empty account, on what was left of the first trial.
    const again = await signUpOrIn(email, 'signup');
    expect(again.token).toBeTruthy();
    const dee2 = client(email, again.token!);
    expect((await subscriptionOf(dee2)).body).toMatchObject({ status: 0, goodUntilDays: 14 });
    expect(await json<SavedTradeAccount[]>(await dee2.request('/api/v1/tradeaccount'))).toEqual([]);
    expect(listOf(await lists(dee2), ListRole.Saved).items).toEqual([]);
    expect((await universes(dee2)).map((u) => u.name)).not.toContain('Mine');

    const others = await json<SavedTradeAccount[]>(await other.request('/api/v1/tradeaccount'));
    expect(others.map((a) => a.name)).toEqual(['Other']);
  });

  test('a trial used up before the deletion is not restored by signing up again', async () => {
    const email = 'trial-hopper@example.com';
    const first = await signUpOrIn(email, 'signup');
    const hopper = client(email, first.token!);
    await hopper.request('/api/v1/account/subscription');
    try {
      await moveClock(server, 20);
      expect((await subscriptionOf(hopper)).body).toMatchObject({ status: 1 });
      // An ended trial may still delete its account.
      expect((await hopper.request('/api/v1/account', { method: 'DELETE' })).status).toBe(204);
      const again = await signUpOrIn(email, 'signup');
      const back = client(email, again.token!);
      expect((await subscriptionOf(back)).body).toMatchObject({ status: 1 });
      expect((await back.request('/api/v1/tradeaccount')).status).toBe(403);
    } finally {
      await moveClock(server, 0);
    }
  });

  test('halfway through a trial, signing up again keeps the first trial’s end', async () => {
    const email = 'halfway@example.com';
    const first = await signUpOrIn(email, 'signup');
    const user = client(email, first.token!);
    await user.request('/api/v1/account/subscription');
    try {
      await moveClock(server, 5);
      expect((await user.request('/api/v1/account', { method: 'DELETE' })).status).toBe(204);
      const again = await signUpOrIn(email, 'signup');
      expect((await subscriptionOf(client(email, again.token!))).body).toMatchObject({
        status: 0,
        goodUntilDays: 9,
      });
    } finally {
      await moveClock(server, 0);
    }
  });

  test('needs a token', async () => {
    expect((await server.request('/api/v1/account', { method: 'DELETE' })).status).toBe(401);
  });
});
