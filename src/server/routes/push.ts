/**
 * The browsers a user gets alerts on (docs/WATCHING.md, "Alerts on a device"): `GET /push/key`
 * answers the server's VAPID public key, `PUT /push/subscriptions` keeps a browser's push
 * subscription for the caller (the same endpoint again replaces it: keys change, a browser may
 * change hands), `DELETE /push/subscriptions?endpoint=…` forgets it. Only the browsers' push
 * services are accepted as endpoints (422 PUSH_ENDPOINT_REFUSED): the server posts to them.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { DomainError } from '#domain/errors.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { route } from '../http/contract-routes.ts';
import { isAllowedPushEndpoint } from '../watching/push-hosts.ts';

/** Browsers kept per user: a few phones, tablets and computers; more is not a person. */
const MAX_PUSH_SUBSCRIPTIONS = 20;

export function pushRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    publicKey: string;
    pushHosts: readonly string[];
    allowLoopback: boolean;
  },
): void {
  const { db } = deps;

  route(app, 'push.key', {}, async () => ({ publicKey: deps.publicKey }));

  route(app, 'push.subscribe', {}, async (request, reply: FastifyReply, input) => {
    const user = requireUser(request);
    const { endpoint, keys } = input.body();
    if (!isAllowedPushEndpoint(endpoint, deps.pushHosts, deps.allowLoopback))
      throw new DomainError('PUSH_ENDPOINT_REFUSED', {
        details: { 'body.endpoint': 'Not a known push service.' },
      });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('push_subscriptions')
        .values({ endpoint, user_id: user.id, p256dh: keys.p256dh, auth: keys.auth })
        .onConflict((oc) =>
          oc
            .column('endpoint')
            .doUpdateSet({ user_id: user.id, p256dh: keys.p256dh, auth: keys.auth, created_at: new Date() }),
        )
        .execute();
      // The oldest go first past the cap: a browser not used for long is the likeliest gone.
      const stale = await trx
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .offset(MAX_PUSH_SUBSCRIPTIONS)
        .limit(1000)
        .execute();
      if (stale.length > 0)
        await trx
          .deleteFrom('push_subscriptions')
          .where(
            'endpoint',
            'in',
            stale.map((s) => s.endpoint),
          )
          .execute();
    });
    return reply.status(204).send();
  });

  route(app, 'push.unsubscribe', {}, async (request, reply: FastifyReply, input) => {
    const user = requireUser(request);
    const { endpoint } = input.query();
    await db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', user.id)
      .execute();
    return reply.status(204).send();
  });
}
