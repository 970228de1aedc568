/**
 * E-mailed reports (docs/REPORTS.md): `GET /report` answers every report with the frequencies the
 * user chose, those it offers and those the plan allows; `PUT /report/{id}` sets the chosen ones.
 */
import { z } from 'zod';
import { REPORT_FREQUENCIES, type ReportFrequency, type ReportId } from '#domain/reports/report-catalogue.ts';

export const reportSaveSchema = z.strictObject({
  frequencies: z.array(z.enum(REPORT_FREQUENCIES)).max(REPORT_FREQUENCIES.length),
});
export type ReportSave = z.infer<typeof reportSaveSchema>;

export interface ReportSubscription {
  readonly id: ReportId;
  readonly title: string;
  readonly description: string;
  /** The frequencies the user gets this report at. */
  readonly frequencies: readonly ReportFrequency[];
  /** The frequencies this report can be sent at. */
  readonly offered: readonly ReportFrequency[];
  /** Of those, the ones the user's plan allows. */
  readonly allowed: readonly ReportFrequency[];
}

/** `GET /report`. */
export interface ReportsAnswer {
  /** Where the reports go: the account's address. */
  readonly email: string;
  readonly reports: readonly ReportSubscription[];
}
