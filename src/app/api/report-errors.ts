/** Sends uncaught errors to the server log (best effort: a failed report is dropped). */
import type { ClientErrorReport } from '#api/client-log.ts';
import { SHELL_CALLS } from '#api/contract/shell.ts';
import { API_BASE } from '#api/paths.ts';

export function reportUncaughtErrors(appBuild: string): void {
  let sent = 0;
  const send = (message: string, stack?: string) => {
    // A render loop can throw thousands of times; a handful of reports is enough.
    if (sent++ >= 5) return;
    const report: ClientErrorReport = {
      message: message.slice(0, 2000) || 'unknown error',
      ...(stack ? { stack: stack.slice(0, 10_000) } : {}),
      url: location.href.slice(0, 2000),
      appBuild,
    };
    // Not through the client: no token, no redirect on a refusal, and sent even as the page unloads.
    const { method, path } = SHELL_CALLS['clientErrors.report'];
    void fetch(`${API_BASE}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  };
  window.addEventListener('error', (e) => send(e.message, (e.error as Error | undefined)?.stack));
  window.addEventListener('unhandledrejection', (e) => {
    const reason = e.reason as unknown;
    send(
      reason instanceof Error ? reason.message : String(reason),
      reason instanceof Error ? reason.stack : undefined,
    );
  });
}
