/**
 * Hub test helpers: the official SignalR client connected to a test server, a raw WebSocket client
 * that speaks the protocol by hand (for what the official client never sends), and live trades
 * picked from the server's own chains.
 *
 *   const hub = officialClient(server, token);            // @microsoft/signalr HubConnection
 *   await hub.start();
 *   const raw = await rawClient(server, token);           // negotiated, handshake done
 *   raw.send({ type: 6 }); const msg = await raw.next();
 */
import { type HubConnection, HubConnectionBuilder, type IRetryPolicy, LogLevel } from '@microsoft/signalr';
import { type LiveTradeSpec, TRADES_HUB_PATH } from '#api/hub.ts';
import type { SignedInClient } from './auth.ts';
import type { TestServer } from './test-server.ts';
import { expirationAfter, lastPrice, optionChain, optionRow, strikeNear } from './trades.ts';

const RS = '\x1e';

export function officialClient(
  server: TestServer,
  token: () => string,
  reconnect?: number[] | IRetryPolicy,
): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(`${server.url}${TRADES_HUB_PATH}`, { accessTokenFactory: token })
    .configureLogging(LogLevel.None);
  if (reconnect) builder.withAutomaticReconnect(reconnect as number[]);
  return builder.build();
}

/** `POST /hubs/trades/negotiate`. */
export function negotiate(server: TestServer, token: string | null): Promise<Response> {
  return server.request(`${TRADES_HUB_PATH}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export interface RawClient {
  readonly socket: WebSocket;
  /** Sends hub messages (objects) or raw text as one frame. */
  send(...messages: (object | string)[]): void;
  /** The next message received (parsed JSON), waiting up to `ms`. */
  next(ms?: number): Promise<Record<string, unknown>>;
  /** Every message received so far and not yet taken by `next`. */
  readonly inbox: Record<string, unknown>[];
  /** Resolves with the close code and reason once the socket closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
}

/** Opens a WebSocket (browser-style: token in the query) and, unless `handshake` is false, shakes hands. */
export async function rawClient(
  server: TestServer,
  token: string,
  options: { handshake?: boolean; id?: string } = {},
): Promise<RawClient> {
  let id = options.id;
  if (id === undefined) {
    const res = await negotiate(server, token);
    if (res.status !== 200) throw new Error(`negotiate: ${res.status}`);
    id = ((await res.json()) as { connectionToken: string }).connectionToken;
  }
  const url = `${server.url.replace(/^http/, 'ws')}${TRADES_HUB_PATH}?id=${encodeURIComponent(id)}&access_token=${encodeURIComponent(token)}`;
  const socket = new WebSocket(url);
  const inbox: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.addEventListener('message', (e) => {
    for (const part of String(e.data).split(RS))
      if (part) inbox.push(JSON.parse(part) as Record<string, unknown>);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener('close', (e) => {
      resolve({ code: e.code, reason: e.reason });
      for (const w of waiters.splice(0)) w();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('WebSocket failed to open')));
  });
  const client: RawClient = {
    socket,
    inbox,
    closed,
    send: (...messages) =>
      socket.send(messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m) + RS)).join('')),
    next: async (ms = 5000) => {
      const deadline = Date.now() + ms;
      while (inbox.length === 0) {
        if (socket.readyState === WebSocket.CLOSED) throw new Error('socket closed');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no message in time');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
      return inbox.shift()!;
    },
  };
  if (options.handshake !== false) {
    client.send({ protocol: 'json', version: 1 });
    const answer = await client.next();
    if (Object.keys(answer).length !== 0) throw new Error(`handshake refused: ${JSON.stringify(answer)}`);
  }
  return client;
}

/** A bull call spread and a covered call on SPY from the server's chain, as the hub takes them. */
export async function liveTrades(client: SignedInClient): Promise<LiveTradeSpec[]> {
  const chain = await optionChain(client, 'SPY');
  const last = await lastPrice(client, 'SPY');
  const exp = expirationAfter(chain, 20);
  const near = optionRow(chain, exp, 'CALL', strikeNear(chain, exp, last, 0));
  const far = optionRow(chain, exp, 'CALL', strikeNear(chain, exp, last, 2));
  return [
    {
      id: `${near.id}×1 ${far.id}×-1`,
      strategy: 'bull_call_spread',
      legs: [
        { contract: near.id, quantity: 1 },
        { contract: far.id, quantity: -1 },
      ],
    },
    {
      id: `SPY×100 ${far.id}×-1`,
      strategy: 'covered_call',
      legs: [
        { contract: 'SPY', quantity: 100 },
        { contract: far.id, quantity: -1 },
      ],
    },
  ];
}

/**
 * Resolves once `predicate` holds (checked every 20 ms), or rejects after `ms`. The market ticks
 * every second, but a loaded two-core machine can hold a process back for seconds: the wait is
 * long, and something that never happens still fails.
 */
export async function eventually(predicate: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
