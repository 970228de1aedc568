/**
 * Settings → Reports (spec 3 §2, §6, §9; docs/REPORTS.md): where reports go, and per report a
 * checkbox per frequency it offers. Frequencies beyond the plan are shown, disabled, under
 * 'Upgrade your plan to enable options below.' with a link to the plans. A change is saved at
 * once and shown as the server answered it; a refused one is put back with the reason.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReportSubscription, ReportsAnswer } from '#api/reports.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { errorMessageOf } from '#app/components/error-message.ts';
import { reportsQuery, saveReport } from '#app/features/reports/reports.ts';
import { FREQUENCY_LABELS, type ReportFrequency } from '#domain/reports/report-catalogue.ts';
import '#app/components/forms.css';

export const UPGRADE_TEXT = 'Upgrade your plan to enable options below.';

export function ReportsSection() {
  const queryClient = useQueryClient();
  const reports = useQuery(reportsQuery());
  const [saving, setSaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const replace = (next: ReportSubscription) =>
    queryClient.setQueryData<ReportsAnswer>(
      reportsQuery().queryKey,
      (all) => all && { ...all, reports: all.reports.map((r) => (r.id === next.id ? next : r)) },
    );

  const toggle = async (report: ReportSubscription, frequency: ReportFrequency, on: boolean) => {
    const frequencies = on
      ? report.offered.filter((f) => f === frequency || report.frequencies.includes(f))
      : report.frequencies.filter((f) => f !== frequency);
    setSaving(report.id);
    setProblem(null);
    replace({ ...report, frequencies });
    try {
      replace(await saveReport(report.id, frequencies));
    } catch (error) {
      replace(report);
      setProblem(errorMessageOf(error));
    } finally {
      setSaving(null);
    }
  };

  if (!reports.data) {
    return (
      <section aria-label="Reports">
        <div className="section-head">
          <h2>Reports</h2>
        </div>
        {reports.isError ? (
          <p className="field-error" role="alert">
            {errorMessageOf(reports.error)}
          </p>
        ) : (
          <p className="hint">Loading...</p>
        )}
      </section>
    );
  }
  const { email, reports: all } = reports.data;
  const locked = all.some((r) => r.allowed.length < r.offered.length);
  return (
    <section className="reports-section" aria-label="Reports">
      <div className="section-head">
        <h2>Reports</h2>
      </div>
      <p>Reports will be sent to {email}</p>
      {locked && (
        <p className="upgrade-note">
          {UPGRADE_TEXT} <AppLink href="/pricing">See the plans</AppLink>
        </p>
      )}
      {all.map((report) => (
        <fieldset key={report.id} className="report-frequencies">
          <legend>{report.title}</legend>
          <p className="hint">{report.description}</p>
          {report.offered.map((frequency) => (
            <label key={frequency} className="field inline">
              <input
                type="checkbox"
                checked={report.frequencies.includes(frequency)}
                disabled={!report.allowed.includes(frequency) || saving === report.id}
                onChange={(e) => void toggle(report, frequency, e.currentTarget.checked)}
              />
              {FREQUENCY_LABELS[frequency]}
            </label>
          ))}
        </fieldset>
      ))}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
