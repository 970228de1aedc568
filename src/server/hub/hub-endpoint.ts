/**
 * A hub's HTTP side (docs/LIVE.md "Protocol"): `POST {path}/negotiate` hands out a connection id
 * and a one-time connection token; `GET {path}?id={token}` upgrades to the WebSocket. Both need the
 * access token: the `Authorization` header (negotiate, Node clients) or the `access_token` query
 * parameter (browsers cannot set headers on a WebSocket). Only the WebSockets transport with text
 * frames is offered, and stateful reconnect never is. One timer pings quiet connections and drops
 * silent ones; closing the server tells every client to reconnect.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '#domain/errors.ts';
import { isActive } from '#domain/plans/subscription-status.ts';
import { type Authenticator, bearerToken } from '../auth/authenticate.ts';
import type { SignedInUser } from '../users/users.ts';
import type { HubConfig } from './hub-config.ts';
import { HubConnection, type HubHandlers, type HubSocket } from './hub-connection.ts';
import { CloseCode } from './hub-protocol.ts';

export interface HubEndpointDeps {
  readonly path: string;
  readonly authenticator: Authenticator;
  readonly handlers: HubHandlers;
  readonly config: HubConfig;
}

export interface HubEndpoint {
  /** Open connections (handshake done or not). */
  readonly connections: ReadonlySet<HubConnection>;
}

interface Pending {
  readonly connectionId: string;
  readonly user: SignedInUser;
  /** The access token negotiate verified: the upgrade presenting the same one is not verified twice. */
  readonly accessToken: string;
  readonly expiresAt: number;
}

/** At most this many negotiated, unused tokens are kept; the oldest go first. */
const MAX_PENDING = 20_000;

const upgradeQuerySchema = z.object({
  id: z.string().max(128).optional(),
  access_token: z.string().max(8192).optional(),
});

/** The caller of a hub request; 401 without a valid token, 403 once the subscription ended. */
async function hubUser(authenticator: Authenticator, token: string | null): Promise<SignedInUser> {
  if (!token) throw new DomainError('UNAUTHORIZED');
  const user = await authenticator.userForToken(token);
  if (!isActive(user.subscription.status)) throw new DomainError('SUBSCRIPTION_ENDED');
  return user;
}

const tokenOf = (request: FastifyRequest, queryToken: string | undefined): string | null =>
  bearerToken(request.headers.authorization) ?? queryToken ?? null;

export async function mountHub(app: FastifyInstance, deps: HubEndpointDeps): Promise<HubEndpoint> {
  const { path, authenticator, handlers, config } = deps;
  const pending = new Map<string, Pending>();
  const connections = new Set<HubConnection>();
  const upgrades = new WeakMap<FastifyRequest, { connectionId: string; user: SignedInUser }>();

  // Before the WebSocket plugin's own preClose (which closes sockets without a word): tell every
  // client the server is going away and that it may reconnect.
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    for (const c of connections) c.close('The server is restarting.', true, CloseCode.GoingAway);
  });
  await app.register(websocket, {
    // Frames up to twice the message limit reach the reader, which closes with a Close message
    // saying why; anything larger is cut by the WebSocket layer itself (close code 1009 too).
    options: { maxPayload: 2 * config.maxMessageBytes },
    // Socket-level failures are the client's (a frame too large, a broken frame): note and cut.
    errorHandler: (error, socket, request) => {
      request.log.warn({ err: error }, 'hub socket error');
      (socket as HubSocket).terminate();
    },
  });

  app.post(`${path}/negotiate`, async (request, reply) => {
    const accessToken = bearerToken(request.headers.authorization);
    const user = await hubUser(authenticator, accessToken);
    const connectionId = randomUUID();
    const connectionToken = randomBytes(24).toString('base64url');
    if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value as string);
    pending.set(connectionToken, {
      connectionId,
      user,
      accessToken: accessToken ?? '',
      expiresAt: Date.now() + config.negotiateTtlMs,
    });
    reply.header('cache-control', 'no-store');
    return {
      negotiateVersion: 1,
      connectionId,
      connectionToken,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    };
  });

  app.get(
    path,
    {
      websocket: true,
      preValidation: async (request) => {
        if (!request.ws)
          throw new DomainError('BAD_REQUEST', {
            message: 'This address only accepts WebSocket connections.',
          });
        const parsed = upgradeQuerySchema.safeParse(request.query);
        if (!parsed.success)
          throw new DomainError('BAD_REQUEST', { message: 'Invalid connection parameters.' });
        const query = parsed.data;
        const token = tokenOf(request, query.access_token);
        if (!token) throw new DomainError('UNAUTHORIZED');
        let connectionId: string;
        let user: SignedInUser;
        if (query.id === undefined) {
          // A client that skips negotiation gets a fresh connection.
          user = await hubUser(authenticator, token);
          connectionId = randomUUID();
        } else {
          const p = pending.get(query.id);
          // The token negotiate verified a moment ago is not verified again (a reconnecting crowd
          // costs half the checks); any other token is, and must be the same user's.
          user = p && p.accessToken === token ? p.user : await hubUser(authenticator, token);
          if (!p || p.expiresAt < Date.now() || p.user.id !== user.id)
            throw new DomainError('NOT_FOUND', { message: 'Unknown or expired connection id.' });
          // Used once, and only by a caller the token let in.
          pending.delete(query.id);
          connectionId = p.connectionId;
        }
        upgrades.set(request, { connectionId, user });
      },
    },
    (socket, request) => {
      const upgrade = upgrades.get(request);
      const ws = socket as HubSocket;
      if (!upgrade) {
        ws.close(CloseCode.PolicyViolation);
        return;
      }
      const connection = new HubConnection(ws, {
        connectionId: upgrade.connectionId,
        user: upgrade.user,
        maxMessageBytes: config.maxMessageBytes,
        maxBufferedBytes: config.maxBufferedBytes,
        handlers,
        log: request.log,
        now: Date.now,
      });
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
    },
  );

  // One timer for all connections: ping the quiet ones, drop the silent ones and the ones that never
  // shook hands, forget unused tokens.
  const sweep = () => {
    const now = Date.now();
    for (const c of connections) {
      if (now - c.lastReceivedAt >= config.clientTimeoutMs) {
        c.close(
          c.handshaken ? 'Client timeout: nothing received.' : 'Handshake not received in time.',
          false,
          CloseCode.PolicyViolation,
        );
      } else if (now - c.lastSentAt >= config.keepAliveMs) c.ping();
    }
    for (const [token, p] of pending) if (p.expiresAt < now) pending.delete(token);
  };
  const sweeper = setInterval(sweep, Math.max(50, Math.min(config.keepAliveMs, config.clientTimeoutMs) / 4));
  sweeper.unref();
  return { connections };
}
