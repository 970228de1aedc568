/**
 * Scan exports by form POST (spec 2 §7): `application/x-www-form-urlencoded` with the bearer
 * token in the `Authorization` field (a download link cannot set headers) and the scan definition
 * as JSON in `body`. Answers CSV: the chosen columns' titles, then values as displayed.
 *   /export/underlyings_page  the requested page, one row per ticker (its best trade)
 *   /export/underlyings_all   every ticker's best trade
 *   /export/options_all       every kept trade, best ones first, at most 1,000
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { SCAN_EXPORT_CALLS } from '#api/contract.ts';
import { type ScanExportKind, scanDefinitionSchema } from '#api/scans.ts';
import { DomainError } from '#domain/errors.ts';
import { isActive } from '#domain/plans/subscription-status.ts';
import { type Authenticator, bearerToken, RouteAccess } from '../auth/authenticate.ts';
import { route } from '../http/contract-routes.ts';
import { parseInput } from '../http/errors.ts';
import { perUserLimiter } from '../http/rate-limits.ts';
import { abortOnClose, type ScanRouteDeps, scanErrorToHttp, scanRequestFor, userIdOf } from './scans-run.ts';

export interface ScanExportDeps extends ScanRouteDeps {
  /** Turns the form's token into the user (the API's bearer-token check). */
  readonly authenticator: Authenticator;
}

export const scanExportRoutes: FastifyPluginAsync<ScanExportDeps> = async (
  app,
  { engine, db, authenticator, limits },
) => {
  await app.register(formbody);
  const exportLimit = perUserLimiter(app, limits.exports, 'export');
  for (const kind of Object.keys(SCAN_EXPORT_CALLS) as ScanExportKind[]) {
    // Public for the header check: the token travels in the form and is checked here.
    route(
      app,
      SCAN_EXPORT_CALLS[kind],
      { config: { access: RouteAccess.Public } },
      async (request, reply, input) => {
        const form = input.body();
        const token = bearerToken(form.Authorization);
        if (!token) throw new DomainError('UNAUTHORIZED');
        const user = await authenticator.userForToken(token);
        request.user = user;
        await exportLimit(request, reply);
        if (!isActive(user.subscription.status)) throw new DomainError('SUBSCRIPTION_ENDED');
        let json: unknown;
        try {
          json = JSON.parse(form.body);
        } catch {
          throw new DomainError('MALFORMED_JSON', { message: 'The body field is not valid JSON.' });
        }
        const def = parseInput(scanDefinitionSchema, json);
        const scan = await scanRequestFor(db, user, def);
        let csv: string;
        try {
          csv = await engine.exportCsv(userIdOf(user), kind, scan, abortOnClose(reply));
        } catch (err) {
          throw scanErrorToHttp(err);
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}.csv"`)
          .send(csv);
      },
    );
  }
};
