/** The e-mailed reports the user gets (docs/REPORTS.md): read with the settings, kept offline. */
import { queryOptions } from '@tanstack/react-query';
import { REPORT_CALLS } from '#api/contract/reports.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import type { ReportFrequency, ReportId } from '#domain/reports/report-catalogue.ts';
import { accountKeys } from '../account/keys.ts';

const call = apiCaller(REPORT_CALLS);

export const reportsQuery = () =>
  queryOptions({
    queryKey: accountKeys.reports(),
    queryFn: ({ signal }) => call('reports.list', {}, signal),
  });

export const saveReport = (id: ReportId, frequencies: readonly ReportFrequency[]) =>
  call('reports.save', { params: { id }, body: { frequencies: [...frequencies] } });
