/**
 * Watching scans and their alerts (docs/WATCHING.md), over HTTP on a test server whose business
 * clock moves its market: starting and stopping a watch, the plan's limits, a scan too slow to
 * watch, the browsers kept for alerts, and a check (`npm run ops -- watch run`) that announces
 * the trades new to a scan's top by a push message, decrypted here as the browser would, and an
 * e-mail, once.
 */
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PushKeyAnswer } from '#api/push.ts';
import type { ScanSummary, ScanWatch } from '#api/screener-model.ts';
import type { UsageStats } from '#domain/plans/usage-stats.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { moveClock, ops, type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { mailsTo } from '../support/billing.ts';
import { breakableMarket } from '../support/breakable-market.ts';
import { type PushService, startPushService } from '../support/push-service.ts';
import { call, failure, getScan, lists, saveScan } from '../support/screener.ts';
import { type InProcessTestServer, startTestServer } from '../support/test-server.ts';
import { json, TEST_MARKET } from '../support/trades.ts';

let server: InProcessTestServer;
let push: PushService;

beforeAll(async () => {
  [server, push] = await Promise.all([
    // A generous watch budget: a loaded machine must not make these scans too expensive to watch.
    startTestServer({ staticDir: null, market: TEST_MARKET }, { WATCH_BUDGET_MS: '120000' }),
    startPushService(),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await push?.stop();
});

/** `watch run` once the market has caught up with a moved clock (it ticks into the new day). */
async function checkNow(on: InProcessTestServer = server): Promise<string> {
  let line = '';
  await expect
    .poll(async () => {
      line = (await ops(on, 'watch', 'run')).lines.at(-1) ?? '';
      return line;
    })
    .toMatch(/^Checked /);
  return line;
}

const watch = (client: SignedInClient, id: number) => call(client, 'PUT', `/scans/${id}/watch`);
const unwatch = (client: SignedInClient, id: number) => call(client, 'DELETE', `/scans/${id}/watch`);

async function firstSample(client: SignedInClient): Promise<ScanSummary> {
  const sample = (await lists(client)).flatMap((l) => l.items).find((s) => s.isSample);
  if (!sample) throw new Error('no sample scan');
  return sample;
}

describe('watching a scan', () => {
  test('a trial user watches a sample and stops: the scan, the lists and the usage stats say so', async () => {
    const alice = await signedIn(server, 'watch-alice@example.com');
    const sample = await firstSample(alice);
    expect(sample.watch).toEqual({ status: false, maxCount: 20, usedCount: 0 });

    const started = await watch(alice, sample.id);
    expect(started.status).toBe(200);
    expect(await json<ScanWatch>(started)).toEqual({ status: true, maxCount: 20, usedCount: 1 });
    expect((await getScan(alice, sample.id)).watch.status).toBe(true);
    const card = (await lists(alice)).flatMap((l) => l.items).find((s) => s.id === sample.id);
    expect(card?.watch).toEqual({ status: true, maxCount: 20, usedCount: 1 });
    const stats = await json<UsageStats>(await call(alice, 'GET', '/account/usagestats'));
    expect(stats).toMatchObject({ maxWatchingScans: 20, usedWatchingScans: 1 });
    // Watching again is no second watch.
    expect(await json<ScanWatch>(await watch(alice, sample.id))).toMatchObject({ usedCount: 1 });

    // Another user does not see it watched.
    const bob = await signedIn(server, 'watch-bob@example.com');
    expect((await getScan(bob, sample.id)).watch.status).toBe(false);

    const stopped = await unwatch(alice, sample.id);
    expect(await json<ScanWatch>(stopped)).toEqual({ status: false, maxCount: 20, usedCount: 0 });
    expect((await getScan(alice, sample.id)).watch.status).toBe(false);
  });

  test("a plan without watching is refused; so is a scan not the caller's", async () => {
    const carol = await signedIn(server, 'watch-carol@example.com');
    const own = await saveScan(carol, { strategy: 'naked_put', title: 'Puts' });
    await setPlan(server, 'watch-carol@example.com', 1);
    const refused = await failure(await watch(carol, own.id), 422);
    expect(refused).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Unable to watch the scan due to current subscription plan limitations.',
    });
    expect((await getScan(carol, own.id)).watch).toEqual({ status: false, maxCount: 0, usedCount: 0 });

    const dave = await signedIn(server, 'watch-dave@example.com');
    expect((await failure(await watch(dave, own.id), 404)).code).toBe('NOT_FOUND');
    expect((await failure(await watch(dave, 0), 404)).code).toBe('NOT_FOUND');
    expect((await failure(await unwatch(dave, own.id), 404)).code).toBe('NOT_FOUND');
  });

  test("at most the plan's number of scans: the 21st is refused until one is stopped", async () => {
    const erin = await signedIn(server, 'watch-erin@example.com');
    const ids: number[] = [];
    for (let i = 0; i < 21; i++)
      ids.push((await saveScan(erin, { strategy: 'naked_put', title: `P${i}` })).id);
    for (const id of ids.slice(0, 20)) expect((await watch(erin, id)).status).toBe(200);
    const refused = await failure(await watch(erin, ids[20]!), 422);
    expect(refused.code).toBe('PLAN_LIMIT_REACHED');
    await unwatch(erin, ids[0]!);
    expect(await json<ScanWatch>(await watch(erin, ids[20]!))).toEqual({
      status: true,
      maxCount: 20,
      usedCount: 20,
    });
  });
});

describe('browsers kept for alerts', () => {
  test('the public key, and a subscription kept, replaced and forgotten', async () => {
    const frank = await signedIn(server, 'watch-frank@example.com');
    const { publicKey } = await json<PushKeyAnswer>(await call(frank, 'GET', '/push/key'));
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const browser = push.subscription('frank');
    expect((await call(frank, 'PUT', '/push/subscriptions', browser)).status).toBe(204);
    expect((await call(frank, 'PUT', '/push/subscriptions', browser)).status).toBe(204);
    const gone = await call(
      frank,
      'DELETE',
      `/push/subscriptions?endpoint=${encodeURIComponent(browser.endpoint)}`,
    );
    expect(gone.status).toBe(204);
  });

  test('an endpoint that is not a push service, or a malformed subscription, is refused with a code', async () => {
    const gina = await signedIn(server, 'watch-gina@example.com');
    const browser = push.subscription('gina');
    const elsewhere = await failure(
      await call(gina, 'PUT', '/push/subscriptions', {
        ...browser,
        endpoint: 'https://169.254.169.254/latest',
      }),
      422,
    );
    expect(elsewhere).toMatchObject({
      code: 'PUSH_ENDPOINT_REFUSED',
      details: { 'body.endpoint': expect.any(String) },
    });
    const badKeys = await failure(
      await call(gina, 'PUT', '/push/subscriptions', {
        ...browser,
        keys: { p256dh: 'short', auth: browser.keys.auth },
      }),
      400,
    );
    expect(badKeys.code).toBe('VALIDATION_FAILED');
    // Web Push can only encrypt for a 65-byte uncompressed point and a 16-byte secret.
    const point = Buffer.from(browser.keys.p256dh, 'base64url');
    const refused = {
      'body.keys.p256dh': [
        point.subarray(1).toString('base64url'),
        Buffer.concat([Buffer.from([0x02]), point.subarray(1)]).toString('base64url'),
        Buffer.concat([point, point.subarray(1)]).toString('base64url'),
      ],
      'body.keys.auth': [
        Buffer.from(browser.keys.auth, 'base64url').subarray(1).toString('base64url'),
        Buffer.alloc(32, 1).toString('base64url'),
      ],
    };
    for (const [field, values] of Object.entries(refused))
      for (const value of values) {
        const keys = { ...browser.keys, [field.split('.').at(-1)!]: value };
        const answer = await failure(
          await call(gina, 'PUT', '/push/subscriptions', { ...browser, keys }),
          400,
        );
        expect(answer, value).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: { [field]: expect.any(String) },
        });
      }
    expect((await failure(await call(gina, 'PUT', '/push/subscriptions', {}), 400)).code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await failure(await call(gina, 'DELETE', '/push/subscriptions?endpoint=nope'), 400)).code).toBe(
      'VALIDATION_FAILED',
    );
  });
});

describe('a check of the watched scans', () => {
  test('announces the trades new to the top once, by push and e-mail; a gone browser is forgotten', async () => {
    const email = 'watch-hana@example.com';
    const hana = await signedIn(server, email);
    const sample = await firstSample(hana);
    const browser = push.subscription('hana');
    expect((await call(hana, 'PUT', '/push/subscriptions', browser)).status).toBe(204);
    expect((await watch(hana, sample.id)).status).toBe(200);

    // What the scan showed when watching started is not news.
    await checkNow();
    expect(push.received.filter((m) => m.path === '/push/hana')).toHaveLength(0);

    // Three market days later the scan's top has changed.
    await moveClock(server, 3);
    expect(await checkNow()).toMatch(/^Checked \d+, alerts [1-9]\d*, too expensive 0\.$/);
    const messages = push.received.filter((m) => m.path === '/push/hana');
    expect(messages).toHaveLength(1);
    const message = messages[0]!;
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.ttl).toBe('3600');
    const payload = message.json() as { title: string; body: string; scanId: number; url: string };
    expect(payload.title).toMatch(
      new RegExp(`^\\d+ new trades?: ${sample.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    expect(payload.body).toMatch(/entered the scan's top 10\.$/);
    expect(payload).toMatchObject({ scanId: sample.id, url: `/screener/scan/${sample.id}` });

    // Signed with the server's key, for this push service.
    const { publicKey } = await json<PushKeyAnswer>(await call(hana, 'GET', '/push/key'));
    const vapid = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(
      String(message.headers.authorization),
    );
    expect(vapid?.[2]).toBe(publicKey);
    const [head, claims, signature] = vapid![1]!.split('.') as [string, string, string];
    const point = Buffer.from(publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    expect(
      verify(
        'sha256',
        Buffer.from(`${head}.${claims}`),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      aud: new URL(browser.endpoint).origin,
    });

    const mails = await mailsTo(server.config.dataDir, email, /in your watched scan/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${server.config.publicUrl}/screener/scan/${sample.id}`);

    // Nothing new since: no second alert.
    await checkNow();
    expect(push.received.filter((m) => m.path === '/push/hana')).toHaveLength(1);

    // A browser its push service no longer knows is forgotten at the next alert.
    push.answerWith(410);
    await moveClock(server, 5);
    await checkNow();
    push.answerWith(201);
    await moveClock(server, 7);
    await checkNow();
    expect(push.received.filter((m) => m.path === '/push/hana')).toHaveLength(2);
    expect(await mailsTo(server.config.dataDir, email, /in your watched scan/)).toHaveLength(3);
    await moveClock(server, 0);
  });
});

/** A browser's subscription whose key has the shape of a P-256 point but is not on the curve. */
function offCurve(name: string) {
  const browser = push.subscription(name);
  const point = Buffer.alloc(65, 1);
  point[0] = 0x04;
  return { ...browser, keys: { ...browser.keys, p256dh: point.toString('base64url') } };
}

describe('a browser no message can be encrypted for', () => {
  test("is forgotten at its alert; the check goes on and other users' watches are announced", async () => {
    const jon = await signedIn(server, 'watch-jon@example.com');
    const kim = await signedIn(server, 'watch-kim@example.com');
    const sample = await firstSample(jon);
    // The right shape, so the API keeps it; only encrypting for it fails.
    expect((await call(jon, 'PUT', '/push/subscriptions', offCurve('jon'))).status).toBe(204);
    expect((await call(kim, 'PUT', '/push/subscriptions', push.subscription('kim'))).status).toBe(204);
    // Jon's watch is the older one: the check reaches it first.
    expect((await watch(jon, sample.id)).status).toBe(200);
    expect((await watch(kim, sample.id)).status).toBe(200);

    await moveClock(server, 3);
    expect(await checkNow()).toMatch(/^Checked \d+, alerts [1-9]\d*, too expensive 0\.$/);
    expect(push.received.filter((m) => m.path === '/push/kim')).toHaveLength(1);
    expect(push.received.filter((m) => m.path === '/push/jon')).toHaveLength(0);
    // Jon still hears of it by e-mail.
    expect(
      await mailsTo(server.config.dataDir, 'watch-jon@example.com', /in your watched scan/),
    ).toHaveLength(1);
    await moveClock(server, 0);
  });
});

describe('a mail server that is down', () => {
  test("an alert is sent once all the same, and other users' watches are still checked", async () => {
    const mailer: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
      close: async () => {},
    };
    const down = await startTestServer(
      { staticDir: null, market: TEST_MARKET },
      { WATCH_BUDGET_MS: '120000' },
      { mailer },
    );
    try {
      const lea = await signedIn(down, 'watch-lea@example.com');
      const max = await signedIn(down, 'watch-max@example.com');
      const sample = await firstSample(lea);
      for (const [client, name] of [
        [lea, 'lea'],
        [max, 'max'],
      ] as const) {
        expect((await call(client, 'PUT', '/push/subscriptions', push.subscription(name))).status).toBe(204);
        expect((await watch(client, sample.id)).status).toBe(200);
      }
      const pushes = (name: string) => push.received.filter((m) => m.path === `/push/${name}`).length;

      await moveClock(down, 3);
      await checkNow(down);
      expect([pushes('lea'), pushes('max')]).toEqual([1, 1]);
      // The trades were announced, though the e-mail failed: not again.
      await checkNow(down);
      expect([pushes('lea'), pushes('max')]).toEqual([1, 1]);
    } finally {
      await down.stop();
    }
  });
});

describe('a first run that fails', () => {
  test('leaves the scan not watched, so it neither counts nor is checked with nothing seen', async () => {
    let broken = false;
    const inner = createSimulatedMarket(TEST_MARKET, { clock: Date.now });
    /** The simulator, whose snapshot for the scan engine fails while `broken` is set. */
    const market = breakableMarket(inner, 'snapshot', () => (broken ? new Error('the feed is down') : null));
    const failing = await startTestServer({ staticDir: null }, { WATCH_BUDGET_MS: '120000' }, { market });
    try {
      const nia = await signedIn(failing, 'watch-nia@example.com');
      const sample = await firstSample(nia);
      broken = true;
      expect((await failure(await watch(nia, sample.id), 500)).code).toBe('INTERNAL');
      broken = false;
      expect((await getScan(nia, sample.id)).watch).toEqual({ status: false, maxCount: 20, usedCount: 0 });
      // Once the scan runs again, watching starts as usual.
      expect(await json<ScanWatch>(await watch(nia, sample.id))).toEqual({
        status: true,
        maxCount: 20,
        usedCount: 1,
      });
    } finally {
      await failing.stop();
      inner.close();
    }
  });
});

describe('a scan too slow to watch', () => {
  test('is answered WATCHING_TOO_EXPENSIVE, shown as its status, and can be stopped', async () => {
    const slow = await startTestServer({ staticDir: null, market: TEST_MARKET }, { WATCH_BUDGET_MS: '0' });
    try {
      const ivan = await signedIn(slow, 'watch-ivan@example.com');
      const sample = await firstSample(ivan);
      const answer = await json<ScanWatch>(await watch(ivan, sample.id));
      expect(answer).toEqual({ status: 'WATCHING_TOO_EXPENSIVE', maxCount: 20, usedCount: 1 });
      expect((await getScan(ivan, sample.id)).watch.status).toBe('WATCHING_TOO_EXPENSIVE');
      expect(await json<ScanWatch>(await unwatch(ivan, sample.id))).toMatchObject({
        status: false,
        usedCount: 0,
      });
    } finally {
      await slow.stop();
    }
  });
});
