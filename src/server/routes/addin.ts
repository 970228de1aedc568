/**
 * The spreadsheet add-in (docs/ADDIN.md). The app manages the user's add-in token with the
 * user's sign-in token: `GET /addin/token` (whether there is one), `POST` (a new one, shown once,
 * replacing the old), `DELETE` (revoke). The add-in reads figures with either token:
 * `GET /addin/quotes?symbols=…` and `GET /addin/options?contracts=…`. Making a token and reading
 * figures need a plan with the add-in; seeing and revoking one never do.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { OptionContract } from '#domain/contracts/contract.ts';
import { parseContractId, UnknownContractError } from '#domain/contracts/contract-id.ts';
import { DomainError } from '#domain/errors.ts';
import { addinOptions, addinQuotes } from '../addin/addin-figures.ts';
import { addinTokenState, newAddinToken, revokeAddinToken } from '../addin/addin-tokens.ts';
import { requireAddIn } from '../addin/require-add-in.ts';
import { RouteAccess, requireUser } from '../auth/authenticate.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { route } from '../http/contract-routes.ts';
import type { MarketProvider } from '../market/provider.ts';

/** The option of an id the query's pattern let through; a date or strike that is none is a 400. */
function optionOf(id: string): OptionContract | null {
  try {
    const contract = parseContractId(id);
    return contract.kind === 'option' ? contract : null;
  } catch (err) {
    if (err instanceof UnknownContractError) return null;
    throw err;
  }
}

export function addinRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; market: MarketProvider },
): void {
  const { db, clock, market } = deps;
  const signedIn = { config: { access: RouteAccess.SignedIn } };
  const reads = { config: { access: RouteAccess.AddIn }, preHandler: requireAddIn };

  route(app, 'addin.tokenState', signedIn, async (request) => addinTokenState(db, requireUser(request).id));

  // The answer holds the token itself: never stored for an Idempotency-Key replay.
  route(app, 'addin.newToken', { config: { replayable: false }, preHandler: requireAddIn }, async (request) =>
    newAddinToken(db, requireUser(request).id, clock.now()),
  );

  route(app, 'addin.revokeToken', signedIn, async (request, reply) => {
    await revokeAddinToken(db, requireUser(request).id);
    return reply.status(204).send();
  });

  route(app, 'addin.quotes', reads, async (_request, _reply, input) => ({
    quotes: addinQuotes(market, input.query().symbols),
  }));

  route(app, 'addin.options', reads, async (_request, _reply, input) => {
    const ids = input.query().contracts;
    const contracts = ids.flatMap((id) => {
      const contract = optionOf(id);
      return contract ? [{ id, contract }] : [];
    });
    if (contracts.length < ids.length) {
      const bad = ids.filter((id) => !optionOf(id));
      throw new DomainError('VALIDATION_FAILED', {
        details: { 'query.contracts': `No such date or strike: ${bad.join(', ')}.` },
      });
    }
    return { options: addinOptions(market, contracts) };
  });
}
