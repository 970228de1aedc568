/**
 * E-mailed reports (spec 3 §2, §6, §7; docs/REPORTS.md): `GET /report` answers each report with
 * the frequencies the caller chose, offered and allowed by the plan; `PUT /report/{id}` sets the
 * chosen ones (400 for one the report does not offer, 422 PLAN_LIMIT_REACHED beyond the plan).
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '#domain/errors.ts';
import { isReportId } from '#domain/reports/report-catalogue.ts';
import { requireUser } from '../auth/authenticate.ts';
import { route } from '../http/contract-routes.ts';
import { reportsOf, saveReport } from '../reports/report-store.ts';
import type { Db } from '../screener/scan-store.ts';

export function reportRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, 'reports.list', {}, async (request) => reportsOf(deps.db, requireUser(request)));

  route(app, 'reports.save', {}, async (request, _reply, input) => {
    const id = (request.params as { id?: string }).id ?? '';
    if (!isReportId(id)) throw notFound('Report');
    return saveReport(deps.db, requireUser(request), id, input.body().frequencies);
  });
}
