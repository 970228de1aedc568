/**
 * Universes (spec 3 §2, §5, §7, §8; docs/API.md "Screener"): list, create, update, delete.
 * `PATCH /universes` creates (or, with a `universe_id` in the body, updates that universe: the
 * spec's single save call); `PATCH /universes/{id}` updates. Predefined universes are read-only
 * (422 READ_ONLY); another user's universe is 404; symbols must be ones the market lists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Universe } from '#api/screener.ts';
import { DomainError } from '#domain/errors.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { type CallInput, route } from '../http/contract-routes.ts';
import { pathId } from '../http/path-id.ts';
import type { MarketProvider } from '../market/provider.ts';
import {
  createUniverse,
  deleteUniverse,
  universeSymbols,
  universesFor,
  updateUniverse,
} from '../screener/universe-store.ts';
import { lockUser } from '../trades/trade-store.ts';

export function universeRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; market: MarketProvider },
): void {
  const { db, market } = deps;
  const knownSymbols = () => new Set(market.universe().map((u) => u.symbol));

  const save = async (
    request: FastifyRequest,
    input: CallInput<'universes.save' | 'universes.update'>,
    idOfPath: number | null,
  ): Promise<Universe> => {
    const user = requireUser(request);
    const body = input.body();
    if (idOfPath !== null && body.universe_id != null && body.universe_id !== idOfPath) {
      throw new DomainError('VALIDATION_FAILED', {
        details: { 'body.universe_id': 'Does not match the path.' },
      });
    }
    const id = idOfPath ?? body.universe_id ?? null;
    const symbols = universeSymbols(body.symbols, knownSymbols());
    return db.transaction().execute(async (trx) => {
      // Serializes the user's universe changes, so two saves of one name cannot both pass.
      await lockUser(trx, user.id);
      return id === null
        ? createUniverse(trx, user.id, body.name, symbols)
        : updateUniverse(trx, user.id, id, body.name, symbols);
    });
  };

  route(app, 'universes.list', {}, async (request) => universesFor(db, requireUser(request).id));
  route(app, 'universes.save', {}, (request, _reply, input) => save(request, input, null));
  route(app, 'universes.update', {}, (request, _reply, input) =>
    save(request, input, pathId(request, 'Universe')),
  );
  route(app, 'universes.delete', {}, async (request, reply) => {
    const user = requireUser(request);
    const id = pathId(request, 'Universe');
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      await deleteUniverse(trx, user.id, id);
    });
    return reply.status(204).send();
  });
}
