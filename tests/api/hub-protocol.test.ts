/**
 * What the official client never does, with raw WebSocket clients: who may upgrade (token in the
 * query or the header, one-time connection ids), keep-alive pings, the client time-out, and
 * malformed, oversized, binary or unknown frames, each closing its own connection with a Close
 * message saying why while the other connections carry on.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TRADES_HUB_PATH } from '#api/hub.ts';
import { signedIn, tokenFor } from '../support/auth.ts';
import { negotiate, type RawClient, rawClient } from '../support/hub.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_MARKET } from '../support/trades.ts';

const MAX_BYTES = 4096;
// Long enough that a bystander on a loaded machine is not dropped while a test runs; the time-out
// tests measure from before their client connects, so the server's clock starts after theirs.
const TIMEOUT_MS = 4000;
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer(
    { staticDir: null, market: TEST_MARKET },
    {
      HUB_KEEPALIVE_MS: '200',
      HUB_CLIENT_TIMEOUT_MS: String(TIMEOUT_MS),
      HUB_MAX_MESSAGE_BYTES: String(MAX_BYTES),
    },
  );
  token = (await signedIn(server, 'alice@example.com')).token;
});
afterAll(async () => {
  await server?.stop();
});

/** The HTTP status of a WebSocket upgrade request (101 when accepted). */
function upgradeStatus(query: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    // No keep-alive agent: a refused upgrade's socket is not reused.
    const req = request(`${server.url}${TRADES_HUB_PATH}${query}`, {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

async function connectionToken(t: string): Promise<string> {
  const res = await negotiate(server, t);
  return ((await res.json()) as { connectionToken: string }).connectionToken;
}

/** A ping answered with a completion proves a connection still works. */
async function stillWorks(client: RawClient): Promise<void> {
  client.send({ type: 1, invocationId: '42', target: 'unregisterTrade', arguments: ['x'] });
  for (;;) {
    const msg = await client.next(3000);
    if (msg.type === 3) {
      expect(msg).toEqual({ type: 3, invocationId: '42', result: null });
      return;
    }
  }
}

/** The Close message a connection received before its socket closed, and the close code. */
async function closeOf(
  client: RawClient,
): Promise<{ message: Record<string, unknown> | undefined; code: number }> {
  const { code } = await client.closed;
  return { message: client.inbox.find((m) => m.type === 7), code };
}

describe('upgrade', () => {
  test('browser style (token in the query) and Node style (Authorization header) are both accepted', async () => {
    expect(await upgradeStatus(`?id=${await connectionToken(token)}&access_token=${token}`)).toBe(101);
    expect(
      await upgradeStatus(`?id=${await connectionToken(token)}`, { authorization: `Bearer ${token}` }),
    ).toBe(101);
  });

  test('no token or a bad one is 401; an unknown, reused or foreign connection id is 404', async () => {
    const id = await connectionToken(token);
    expect(await upgradeStatus(`?id=${id}`)).toBe(401);
    expect(await upgradeStatus(`?id=${id}&access_token=${token.slice(0, -4)}AAAA`)).toBe(401);
    expect(await upgradeStatus(`?id=nope&access_token=${token}`)).toBe(404);
    expect(await upgradeStatus(`?id=${id}&access_token=${token}`)).toBe(101);
    expect(await upgradeStatus(`?id=${id}&access_token=${token}`)).toBe(404);
    const bob = await tokenFor(server, 'bob@example.com');
    expect(await upgradeStatus(`?id=${await connectionToken(token)}&access_token=${bob}`)).toBe(404);
  });

  test('a plain GET of the hub address is refused', async () => {
    expect((await server.request(`${TRADES_HUB_PATH}?access_token=${token}`)).status).toBe(400);
  });
});

describe('handshake', () => {
  test('another protocol or version is refused with an error, then the socket closes', async () => {
    const a = await rawClient(server, token, { handshake: false });
    a.send({ protocol: 'messagepack', version: 1 });
    expect(await a.next()).toEqual({ error: "Requested protocol 'messagepack' is not available." });
    await a.closed;
    const b = await rawClient(server, token, { handshake: false });
    b.send({ protocol: 'json', version: 2 });
    expect(await b.next()).toEqual({
      error: "The server does not support version 2 of the 'json' protocol.",
    });
    await b.closed;
  });

  test('a first message that is not a handshake closes the socket', async () => {
    const c = await rawClient(server, token, { handshake: false });
    c.send({ type: 6 });
    expect(await c.next()).toEqual({ error: 'Invalid handshake request.' });
    expect((await c.closed).code).toBe(1002);
  });

  test('a client that never shakes hands is dropped after the time-out', async () => {
    const t0 = Date.now();
    const c = await rawClient(server, token, { handshake: false });
    await c.closed;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(TIMEOUT_MS);
  });
});

describe('keep-alive and time-out', () => {
  test('an idle client gets pings; one that never sends anything is dropped, one that pings stays', async () => {
    const pinging = await rawClient(server, token);
    const timer = setInterval(() => pinging.send({ type: 6 }), 300);
    const t0 = Date.now();
    const silent = await rawClient(server, token);
    const { message, code } = await closeOf(silent);
    clearInterval(timer);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(silent.inbox.filter((m) => m.type === 6).length).toBeGreaterThanOrEqual(3);
    expect(message).toEqual({ type: 7, error: 'Client timeout: nothing received.' });
    expect(code).toBe(1008);
    expect(pinging.socket.readyState).toBe(WebSocket.OPEN);
    await stillWorks(pinging);
    pinging.socket.close();
  });
});

describe('bad frames close that connection and nothing else', () => {
  const cases: [string, (c: RawClient) => void, string, number][] = [
    ['not JSON', (c) => c.send('{"type":1,\x1e'), 'Message is not valid JSON.', 1002],
    ['an invocation without a target', (c) => c.send({ type: 1, arguments: [] }), 'Invalid message.', 1002],
    ['an unknown message type', (c) => c.send({ type: 99 }), 'Unknown message type 99.', 1002],
    ['an empty message', (c) => c.send('\x1e'), 'Empty message.', 1002],
    [
      'stateful reconnect messages',
      (c) => c.send({ type: 8, sequenceId: 1 }),
      'Stateful reconnect is not enabled.',
      1002,
    ],
    [
      'a message over the size limit',
      (c) => c.send({ type: 1, target: 'registerTrade', arguments: ['x'.repeat(MAX_BYTES)] }),
      `Message larger than ${MAX_BYTES} bytes.`,
      1009,
    ],
    [
      'a message that never ends',
      (c) => c.send(`{"type":1,"target":"${'y'.repeat(MAX_BYTES)}`),
      `Message larger than ${MAX_BYTES} bytes.`,
      1009,
    ],
  ];

  test.each(cases)('%s', async (_name, misbehave, error, closeCode) => {
    const bystander = await rawClient(server, token);
    const culprit = await rawClient(server, token);
    misbehave(culprit);
    const { message, code } = await closeOf(culprit);
    expect(message).toEqual({ type: 7, error });
    expect(code).toBe(closeCode);
    await stillWorks(bystander);
    bystander.socket.close();
  });

  test('a frame far over the limit is cut by the WebSocket layer (1009)', async () => {
    const bystander = await rawClient(server, token);
    const culprit = await rawClient(server, token);
    culprit.send('z'.repeat(3 * MAX_BYTES));
    expect((await culprit.closed).code).toBe(1009);
    await stillWorks(bystander);
    bystander.socket.close();
  });

  test('a binary frame', async () => {
    const culprit = await rawClient(server, token);
    culprit.socket.send(new Uint8Array([1, 2, 3]));
    const { message, code } = await closeOf(culprit);
    expect(message).toEqual({ type: 7, error: 'Binary frames are not supported: use the JSON protocol.' });
    expect(code).toBe(1002);
  });

  test('a stream invocation gets an error completion, the connection stays', async () => {
    const c = await rawClient(server, token);
    c.send({ type: 4, invocationId: '7', target: 'registerTrade', arguments: [] });
    expect(await c.next()).toEqual({
      type: 3,
      invocationId: '7',
      error: 'Streaming methods are not supported.',
    });
    await stillWorks(c);
    c.socket.close();
  });

  test('several messages in one frame and one message over two frames', async () => {
    const c = await rawClient(server, token);
    c.send(
      { type: 6 },
      { type: 1, invocationId: 'a', target: 'unregisterTrade', arguments: ['x'] },
      { type: 1, invocationId: 'b', target: 'nope', arguments: [] },
    );
    const answers = [await c.next(), await c.next()].filter((m) => m.type === 3);
    expect(answers).toContainEqual({ type: 3, invocationId: 'a', result: null });
    c.send('{"type":1,"invocationId":"c","tar');
    c.send('get":"unregisterTrade","arguments":["x"]}\x1e');
    for (;;) {
      const m = await c.next();
      if (m.invocationId === 'c') {
        expect(m).toEqual({ type: 3, invocationId: 'c', result: null });
        break;
      }
    }
    c.socket.close();
  });

  test('a client Close message ends the connection normally', async () => {
    const c = await rawClient(server, token);
    c.send({ type: 7 });
    expect((await c.closed).code).toBe(1000);
  });
});
