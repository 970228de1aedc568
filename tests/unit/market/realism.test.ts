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

// Every statistic of every reference chain is held to its stated tolerance: one case each, so a
// drift names the statistic and the underlying.
test.each(
  REALISM_ROWS.flatMap((row) => Object.keys(real).map((symbol) => [row.label, symbol, row] as const)),
)('%s, %s: simulated within tolerance of real', (_, symbol, row) => {
  const s = sim[symbol]?.[row.key] as number;
  const r = real[symbol]?.[row.key] as number;
  expect(Number.isFinite(s), 'simulated').toBe(true);
  expect(withinTolerance(row, s, r), `simulated ${s}, real ${r}`).toBe(true);
});

test('docs/MARKET.md shows the realism table the simulator produces now', () => {
  expect(documentedRealism()).toBe(realismMarkdown(real, sim));
});
