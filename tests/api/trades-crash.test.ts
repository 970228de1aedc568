/**
 * A crash in the middle of a burst of submits leaves whole orders or nothing. The server runs as
 * a child process (`node src/server/main.ts`, its own DATA_DIR, the embedded database); it is
 * killed with SIGKILL while 60 submits are in flight, then started again on the same folder.
 * Every submit the client saw answered is there; every position has its one opening order with
 * all its legs; replaying every submit with its client order id then creates exactly the missing
 * ones, so no submit is lost or doubled.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderAnswer, OrderLeg, Position } from '#api/trades.ts';
import { type Config, projectRoot } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { freePort, type TestServer } from '../support/test-server.ts';
import { bullCallSpread, createAccount, json, lastPrice, optionChain, submit } from '../support/trades.ts';

const BURST = 60;
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;

function serverAt(url: string): TestServer {
  return {
    url,
    config: { dataDir } as Config,
    request: (path, init) => fetch(`${url}${path}`, init),
    stop: async () => {},
  };
}

/** Starts `node src/server/main.ts` on the test's folder and port; resolves once it answers. */
async function startChild(): Promise<TestServer> {
  const url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // The first twelve names of the ranked universe: the indexes, SPY, QQQ, IWM and a few funds.
      SIM_UNIVERSE: '12',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return serverAt(url);
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exited(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve();
    else proc.once('exit', () => resolve());
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trades-crash-'));
  port = await freePort();
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await exited(child);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash during a burst of submits', () => {
  test('leaves whole orders or nothing, and replays complete the rest exactly once', {
    timeout: 180_000,
  }, async () => {
    let server = await startChild();
    let alice: SignedInClient = await signedIn(server, 'crash@example.com');
    const accountId = (await createAccount(alice, 'Crash')).account_id;
    const chain = await optionChain(alice, 'SPY');
    const legs: OrderLeg[] = bullCallSpread(chain, await lastPrice(alice, 'SPY'));
    const ids = Array.from({ length: BURST }, () => randomUUID());

    const acknowledged: number[] = [];
    const burst = ids.map((clientOrderId, i) =>
      submit(alice, accountId, 'bull_call_spread', {
        legs,
        size: 1 + (i % 3),
        clientOrderId,
        comment: `#${i}`,
      }).then(
        async (res) => {
          if (res.status === 200) acknowledged.push((await json<OrderAnswer>(res)).orderId);
        },
        () => undefined,
      ),
    );
    // Kill it once a few submits have been answered: the rest are in flight or queued.
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const running = child!;
    running.kill('SIGKILL');
    await exited(running);
    await Promise.all(burst);
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    expect(acknowledged.length).toBeLessThan(BURST);

    server = await startChild();
    alice = await signedIn(server, 'crash@example.com');
    const afterCrash = await json<Position[]>(
      await alice.request(`/api/v1/trades/open?accountId=${accountId}`),
    );
    // Nothing the client saw answered was lost.
    const opened = new Set(afterCrash.map((p) => p.openingOrderId));
    for (const id of acknowledged) expect(opened.has(id)).toBe(true);
    // Every position is whole: its order with both legs and its cash.
    for (const position of afterCrash) {
      expect(position.legs).toHaveLength(2);
      const order = await json<OrderAnswer>(await alice.request(`/api/v1/trades/${position.openingOrderId}`));
      expect(order.order.legs).toHaveLength(2);
      expect(order.proceeds).toEqual([{ orderId: order.orderId, amountCents: position.accountEffectCents }]);
      expect(order.order.size).toBe(position.size);
    }

    // Replaying every submit completes the burst: the committed ones answer their first order.
    const replayed = await Promise.all(
      ids.map((clientOrderId, i) =>
        submit(alice, accountId, 'bull_call_spread', {
          legs,
          size: 1 + (i % 3),
          clientOrderId,
          comment: `#${i}`,
        }),
      ),
    );
    expect(replayed.map((r) => r.status)).toEqual(ids.map(() => 200));
    const replayedIds = await Promise.all(replayed.map(async (r) => (await json<OrderAnswer>(r)).orderId));
    for (const id of acknowledged) expect(replayedIds).toContain(id);
    const all = await json<Position[]>(await alice.request(`/api/v1/trades/open?accountId=${accountId}`));
    expect(all).toHaveLength(BURST);
    expect(new Set(all.map((p) => p.comments.open)).size).toBe(BURST);

    // And in the tables themselves: one opening order per position, one order per client id.
    const running2 = child!;
    running2.kill('SIGTERM');
    await exited(running2);
    const database = await openDatabase({ dataDir, databaseUrl: null });
    try {
      const positions = await database.db.selectFrom('positions').select('id').execute();
      const orders = await database.db
        .selectFrom('orders')
        .select(['position_id', 'kind', 'client_order_id'])
        .execute();
      expect(positions).toHaveLength(BURST);
      expect(orders).toHaveLength(BURST);
      expect(new Set(orders.map((o) => o.position_id)).size).toBe(BURST);
      expect(orders.every((o) => o.kind === 'open')).toBe(true);
      expect(new Set(orders.map((o) => o.client_order_id)).size).toBe(BURST);
    } finally {
      await database.close();
    }
  });
});
