/**
 * Reconnecting with the official client: the server restarts on the same data folder and port;
 * the client reconnects on its own (the server's Close allows it), re-registers in
 * `onreconnected` as the app does, and receives changes again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, expect, test } from 'vitest';
import type { LiveTradeChange } from '#api/hub.ts';
import { signedIn } from '../support/auth.ts';
import { eventually, liveTrades, officialClient } from '../support/hub.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_MARKET } from '../support/trades.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'hub-restart-'));
let server: TestServer | null = null;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('after a server restart the client reconnects, re-registers and receives again', async () => {
  const port = await freePort();
  const start = () => startTestServer({ staticDir: null, market: TEST_MARKET, dataDir, port });
  server = await start();
  const alice = await signedIn(server, 'alice@example.com');
  const trades = await liveTrades(alice);
  // Retry every 250 ms (the app waits 5 s) so the test is quick.
  const hub = officialClient(server, () => alice.token, Array(120).fill(250));
  const pushes: LiveTradeChange[][] = [];
  hub.on('onTradeChange', (changed: LiveTradeChange[]) => {
    pushes.push(changed);
  });
  const register = () => hub.invoke('registerTrade', trades, 0, [], '0');
  const states: string[] = [];
  let reason = '';
  hub.onreconnecting((err) => {
    reason = err?.message ?? '';
    states.push('reconnecting');
  });
  hub.onreconnected(() => {
    states.push('reconnected');
    void register();
  });
  await hub.start();
  const firstId = hub.connectionId;
  await register();
  await eventually(() => pushes.length > 0, 'a push before the restart');

  await server.stop();
  server = null;
  await eventually(() => states.includes('reconnecting'), 'reconnecting');
  // The server said so before going away (a Close allowing reconnects), rather than just vanishing.
  expect(reason).toMatch(/The server is restarting/);
  server = await start();
  await eventually(() => states.includes('reconnected'), 'reconnected');
  expect(hub.state).toBe(HubConnectionState.Connected);
  expect(hub.connectionId).not.toBe(firstId);
  pushes.length = 0;
  await eventually(() => pushes.length > 0, 'a push after the restart');
  expect(pushes.flat().map((t) => t.id)).toContain(trades[0]!.id);
  await hub.stop();
});
