/**
 * The `Idempotency-Key` header (docs/API.md, "Idempotent writes"): the app sends each write it
 * may replay (after a lost answer, a reload, a new app version, a sign-in) with its own
 * client-generated key. The first successful answer of a signed-in user's write is stored with
 * the key for 24 hours; a repeat with the same key is answered with it (header
 * `Idempotent-Replayed: true`) and not run again. Failures are not stored: a repeat runs again.
 * Per user, so one user's key never answers another's request; the same key on another call is
 * 409 CONFLICT. A route whose answer holds a secret shown once (a new add-in token) says
 * `config.replayable: false`: its answer is never stored, and a repeat runs again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { DomainError } from '#domain/errors.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False: the answer is never stored (it holds a secret); the header is ignored. */
    replayable?: boolean;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
const KEPT = sql<Date>`now() - interval '24 hours'`;

/** The key of a request whose answer is to be stored, once its handler has answered. */
const keyOf = new WeakMap<FastifyRequest, string>();

export function installIdempotency(scope: FastifyInstance, db: Kysely<Database>): void {
  scope.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || request.method === 'GET' || !request.user) return;
    if (request.routeOptions.config.replayable === false) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header))
      throw new DomainError('VALIDATION_FAILED', {
        details: { 'Idempotency-Key': 'It must be 8 to 64 letters, digits or dashes.' },
      });
    const stored = await db
      .selectFrom('idempotency_keys')
      .select(['method', 'path', 'status', 'body'])
      .where('user_id', '=', request.user.id)
      .where('key', '=', header)
      .where('created_at', '>', KEPT)
      .executeTakeFirst();
    if (!stored) {
      keyOf.set(request, header);
      return;
    }
    if (stored.method !== request.method || stored.path !== request.url)
      throw new DomainError('CONFLICT', { message: 'This Idempotency-Key was sent with another call.' });
    reply.header('idempotent-replayed', 'true').code(stored.status);
    if (stored.body === null) return reply.send();
    return reply.type('application/json; charset=utf-8').send(stored.body);
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const key = keyOf.get(request);
    const user = request.user;
    if (!key || !user || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    keyOf.delete(request);
    const body = typeof payload === 'string' && payload !== '' ? payload : null;
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', user.id)
        .where('created_at', '<=', KEPT)
        .execute();
      await trx
        .insertInto('idempotency_keys')
        .values({
          user_id: user.id,
          key,
          method: request.method,
          path: request.url,
          status: reply.statusCode,
          body,
        })
        .onConflict((c) => c.doNothing())
        .execute();
    });
    return payload;
  });
}
