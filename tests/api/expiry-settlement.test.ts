/**
 * Positions close at expiration. First with a server built in the test around a market whose
 * clock the test moves (pinned to Wednesday 2026-03-04 10:30 New York): the job settles expired
 * options at intrinsic value from the expiration session's close, a calendar's later leg at its
 * mid, and running it twice, or twice at once, settles nothing more. Then end to end on a test
 * server: the business clock moves the market past an expiry, and the list shows the position
 * closed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Bar, OptionChainRow } from '#api/market.ts';
import type { OrderAnswer, OrderLeg, Position } from '#api/trades.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { settlementValue } from '#domain/orders/position-pl.ts';
import { accountEffectCents } from '#domain/orders/strategy-price.ts';
import { buildServer } from '#server/app.ts';
import { createAuthSetup } from '#server/auth/auth-setup.ts';
import { createBillingSetup } from '#server/billing/billing-setup.ts';
import { openClock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '#server/db/database.ts';
import { settleExpiredPositions } from '#server/jobs/expiry-settlement.ts';
import { mailerFor } from '#server/mail/create-mailer.ts';
import { createSimulatedMarket, type SimulatedMarket } from '#server/market/simulator.ts';
import { runOpsCommand } from '#server/ops/commands.ts';
import { signedIn } from '../support/auth.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  createAccount,
  expirationAfter,
  expirations,
  ironCondor,
  json,
  lastPrice,
  optionChain,
  optionLeg,
  strikeNear,
  submit,
  TEST_MARKET,
} from '../support/trades.ts';

const START = Date.parse('2026-03-04T15:30:00Z');

describe('the settlement job, on a market the test moves', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let market: SimulatedMarket;
  let marketNow = START;
  let app: FastifyInstance;
  let token: string;

  const request = async (method: string, url: string, body?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
  };
  const client = {
    email: 'settle@example.com',
    token: '',
    request: async (url: string, init: RequestInit = {}) => {
      const { status, body } = await request(
        init.method ?? 'GET',
        url.replace('/api/v1', ''),
        init.body ? JSON.parse(String(init.body)) : undefined,
      );
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    },
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'settlement-'));
    const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir, staticDir: null };
    database = await openDatabase(config);
    await migrateToLatest(database.db);
    const clock = await openClock(database.db, { movable: true });
    const auth = await createAuthSetup(config, database.db);
    market = createSimulatedMarket({ ...TEST_MARKET, symbols: ['SPY', 'KO'] }, { clock: () => marketNow });
    const mailer = mailerFor(config);
    const billing = await createBillingSetup({ config, db: database.db, clock, mailer, log: console });
    app = await buildServer({ config, database, clock, auth, market, mailer, billing });
    await app.ready();
    const minted = await runOpsCommand(
      {
        db: database.db,
        clock,
        issuer: auth.verifier.issuer,
        minter: auth.embedded?.minter ?? null,
        billing,
      },
      ['token', client.email],
    );
    token = minted.lines.at(-1) ?? '';
  });
  afterAll(async () => {
    await app?.close();
    market?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('expired options settle at intrinsic value, once', async () => {
    const account = (await createAccount(client, 'Settle')).account_id;
    const chain: OptionChainRow[] = await optionChain(client, 'SPY');
    const spy = await lastPrice(client, 'SPY');
    // Thursday's series: one day away.
    const front = expirationAfter(chain, 1, START);
    expect(front).toBe('2026-03-05');
    const back = expirations(chain).find((d) => d >= '2026-03-20')!;
    const condorLegs = ironCondor(chain, spy, 1, START);
    expect(condorLegs.every((l) => l.contract.kind === 'option' && l.contract.expiration === front)).toBe(
      true,
    );
    const k = strikeNear(chain, front, spy, 0);
    const calendarLegs: OrderLeg[] = [
      optionLeg(chain, front, 'CALL', k, -1),
      optionLeg(chain, back, 'CALL', k, 1),
    ];
    const condor = await json<OrderAnswer>(
      await submit(client, account, 'iron_condor', { legs: condorLegs, size: 2 }),
    );
    const calendar = await json<OrderAnswer>(
      await submit(client, account, 'long_call_calendar_spread', { legs: calendarLegs, size: 1 }),
    );
    expect(condor.kind).toBe('open');
    expect(calendar.kind).toBe('open');

    // Before the expiry nothing settles (and the market is not even asked when nothing can expire).
    await expect(settleExpiredPositions({ db: database.db, market })).resolves.toEqual([]);

    // Past Thursday 16:00 New York and past the session's end, so its daily bar is written.
    marketNow = Date.parse('2026-03-06T06:00:00Z');
    const runs = await Promise.all([
      settleExpiredPositions({ db: database.db, market }),
      settleExpiredPositions({ db: database.db, market }),
    ]);
    expect(runs.flat().sort()).toEqual([condor.positionId, calendar.positionId].sort());
    await expect(settleExpiredPositions({ db: database.db, market })).resolves.toEqual([]);

    const orders = await database.db
      .selectFrom('orders')
      .select(['position_id', 'kind'])
      .orderBy('id')
      .execute();
    expect(
      orders
        .filter((o) => o.kind === 'settle')
        .map((o) => o.position_id)
        .sort(),
    ).toEqual([condor.positionId, calendar.positionId].sort());
    // The database refuses a second closing order for a position, whatever the code does.
    await expect(
      database.db
        .insertInto('orders')
        .values({
          position_id: condor.positionId,
          user_id: (await database.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id,
          kind: 'settle',
          legs: '[]',
          size: 2,
          account_effect_cents: 0,
          client_order_id: null,
          created_at: new Date(),
        })
        .execute(),
    ).rejects.toThrow(/orders_one_close/);

    const bars = (await request('GET', '/underlyings/SPY/bars')).body as Bar[];
    const atExpiry = bars.find((b) => new Date(b.time * 1000).toISOString().startsWith(front))!.close;
    const expiredAt = new Date(expiryInstant(front)).toISOString();

    const closed = (await request('GET', `/trades/closed?accountId=${account}`)).body as Position[];
    const settledCondor = closed.find((p) => p.positionId === condor.positionId)!;
    const intrinsic = condorLegs.map((l) => settlementValue(l.contract, atExpiry));
    const payout = accountEffectCents(
      condorLegs.map((l, i) => ({
        ...l,
        quantity: -l.quantity,
        limitPrice: Math.round(intrinsic[i]! * 100) / 100,
      })),
      2,
    );
    expect(settledCondor).toMatchObject({
      closedBy: 'expiry',
      closeDate: expiredAt,
      plCents: accountEffectCents(condorLegs, 2) + payout,
    });
    expect(settledCondor.legs.map((l) => l.markPrice)).toEqual(
      intrinsic.map((v) => Math.round(v * 100) / 100),
    );
    expect(settledCondor.comments.close).toBe(`Settled at expiration, SPY at ${atExpiry.toFixed(2)}.`);

    // The calendar: the sold front call at intrinsic value, the bought back call at its mid then.
    const settledCalendar = closed.find((p) => p.positionId === calendar.positionId)!;
    expect(settledCalendar.closedBy).toBe('expiry');
    const [frontMark, backMark] = settledCalendar.legs.map((l) => l.markPrice!);
    expect(frontMark).toBe(Math.round(settlementValue(calendarLegs[0]!.contract, atExpiry) * 100) / 100);
    expect(backMark).toBeGreaterThan(0);
    const closeOrder = (await request('GET', `/trades/${settledCalendar.lastOrderId}`)).body as OrderAnswer;
    expect(closeOrder.kind).toBe('settle');
    expect(closeOrder.order.legs.map((l) => l.quantity)).toEqual([1, -1]);

    // Closing a settled position by hand is refused.
    const late = await request('PUT', `/trades/${condor.orderId}`, {
      legs: condorLegs.map((l) => ({ ...l, quantity: -l.quantity })),
      size: 2,
      comment: '',
    });
    expect(late).toMatchObject({ status: 409, body: { code: 'POSITION_CLOSED' } });
  });

  test('the job runs when the server starts', async () => {
    const account = (await createAccount(client, 'Restart')).account_id;
    const chain = await optionChain(client, 'KO');
    const ko = await lastPrice(client, 'KO');
    const exp = expirations(chain)[0]!;
    const leg = optionLeg(chain, exp, 'PUT', strikeNear(chain, exp, ko, 0), 1);
    const opened = await json<OrderAnswer>(
      await submit(client, account, 'long_put', { legs: [leg], size: 1 }),
    );
    await app.close();
    marketNow = expiryInstant(exp) + 8 * 3_600_000;
    const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir, staticDir: null };
    const clock = await openClock(database.db, { movable: true });
    app = await buildServer({
      config,
      database,
      clock,
      auth: await createAuthSetup(config, database.db),
      market,
    });
    await app.ready();
    // Read the table, not the list (which settles by itself): the start-up run did it.
    await expect
      .poll(async () => {
        const row = await database.db
          .selectFrom('positions')
          .select('closed_by')
          .where('id', '=', opened.positionId)
          .executeTakeFirstOrThrow();
        return row.closed_by;
      })
      .toBe('expiry');
  });
});

describe('end to end: the business clock moves the market past an expiry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ staticDir: null, market: TEST_MARKET });
  });
  afterAll(async () => {
    await server?.request('/api/v1/dev/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetDays: 0 }),
    });
    await server?.stop();
  });

  test('a position past its expiry is shown closed, settled at intrinsic value', async () => {
    const alice = await signedIn(server, 'alice-expiry@example.com');
    const account = (await createAccount(alice, 'Expiry')).account_id;
    const chain = await optionChain(alice, 'SPY');
    const spy = await lastPrice(alice, 'SPY');
    const exp = expirations(chain).find((d) => expiryInstant(d) > Date.now() + 3_600_000)!;
    const leg = optionLeg(chain, exp, 'CALL', strikeNear(chain, exp, spy, 0), 1);
    const opened = await json<OrderAnswer>(
      await submit(alice, account, 'long_call', { legs: [leg], size: 1 }),
    );
    const days = Math.ceil((expiryInstant(exp) - Date.now()) / 86_400_000) + 1;
    const moved = await server.request('/api/v1/dev/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetDays: days }),
    });
    expect(moved.status).toBe(200);
    await expect(
      json<Position[]>(await alice.request(`/api/v1/trades/open?accountId=${account}`)),
    ).resolves.toEqual([]);
    const [closed] = await json<Position[]>(
      await alice.request(`/api/v1/trades/closed?accountId=${account}`),
    );
    expect(closed).toMatchObject({
      positionId: opened.positionId,
      closedBy: 'expiry',
      closeDate: new Date(expiryInstant(exp)).toISOString(),
    });
    const settle = closed!.legs[0]!.markPrice!;
    expect(closed!.plCents).toBe(Math.round(settle * 100) * 100 - Math.round(leg.limitPrice * 100) * 100);
  });
});
