/**
 * The results side of the scan page under its run hook, with a RUN SCAN button: enough to test
 * what a run shows (a time-out, results read offline) without the whole page.
 */
import type { ScanDefinition, ScanRunAnswer } from '#api/scans.ts';
import { ScanResults } from '#app/screens/scan/ScanResults.tsx';
import { useScanRun } from '#app/screens/scan/use-scan-run.ts';
import { SPREAD_ROW } from '#tests/unit/app/scan/scan-row-fixture.ts';

export const RUN_ANSWER: ScanRunAnswer = {
  items: [SPREAD_ROW],
  pageSize: 20,
  totalCount: 1,
  page: 0,
  cacheId: 'cache-0001',
  narrowed: false,
  asOf: '2026-01-05T15:00:00.000Z',
  columns: ['underlying', 'stock_last'],
};
export const RUN_BODY: ScanDefinition = { strategy: 'bull_call_spread', filters: {}, page: 0 };

export function RunPage({ body }: { body: ScanDefinition }) {
  const { state, run } = useScanRun();
  return (
    <>
      <button type="button" onClick={() => void run(body)}>
        RUN SCAN
      </button>
      <ScanResults
        state={state}
        chosenColumns={[]}
        sorting={[]}
        narrowedTo={null}
        onSort={() => undefined}
        onPage={() => undefined}
        onNarrow={() => undefined}
        onAnalyze={() => undefined}
      />
    </>
  );
}
