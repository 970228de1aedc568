import { expect, test } from 'vitest';
import { REALISM_ROWS, withinTolerance } from '#server/market/reference/realism.ts';
import {
  documentedRealism,
  realChains,
  realismMarkdown,
  simulatedChains,
} from '#server/market/reference/realism-doc.ts';

const real = realChains();
const sim = simulatedChains(real);

test.each(REALISM_ROWS.filter((r) => !r.informational).map((r) => [r.label, r] as const))(
  '%s: simulated within tolerance of real',
  (_, row) => {
    for (const symbol of Object.keys(real)) {
      const s = sim[symbol]?.[row.key] as number;
      const r = real[symbol]?.[row.key] as number;
      expect(Number.isFinite(s), `${symbol} simulated`).toBe(true);
      expect(withinTolerance(row, s, r), `${symbol}: simulated ${s}, real ${r}`).toBe(true);
    }
  },
);

test('docs/MARKET.md shows the realism table the simulator produces now', () => {
  expect(documentedRealism()).toBe(realismMarkdown(real, sim));
});
