/**
 * The scan exports by form POST (spec 2 §7): the token as the `Authorization` form field, the scan
 * as JSON in `body`; CSV with the columns' titles and values as displayed; the page, all tickers,
 * all options (at most 1,000); bad forms answer 4xx with a code.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ScanGroupRow, ScanRunAnswer } from '#api/scans.ts';
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import { formatColumnValue } from '#domain/columns/column-format.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { SimulatorConfig } from '#server/market/sim-config.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { saveUniverse } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const MARKET: SimulatorConfig = {
  seed: 3,
  universe: 'S',
  hours: 'always',
  asOfMs: Date.parse('2026-03-04T15:30:00Z'),
  symbols: ['AAPL', 'KO', 'XLU', 'MSFT', 'JPM', 'PFE', 'INTC', 'T'],
};

let server: TestServer;
let alice: SignedInClient;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, market: MARKET });
  alice = await signedIn(server, 'alice-exports@example.com');
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const SCAN = {
  strategy: 'bull_put_spread',
  filters: { ...STRATEGIES.bull_put_spread.defaultFilters, total_vol: { type: 'range', min: 0, max: null } },
  columns: ['underlying', 'strike', 'expiration_date', 'max_loss', 'prob_profit', 'days_to_expiration'],
};

const exportCsv = (kind: string, fields: Record<string, string>) =>
  server.request(`/api/v1/export/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const form = (body: unknown) => ({ Authorization: `Bearer ${alice.token}`, body: JSON.stringify(body) });

/** Parses RFC 4180 CSV (quoted cells may hold commas and quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.trimEnd().split('\r\n')) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

describe('exports', () => {
  test('underlyings_page: the page as the table shows it', async () => {
    const page = (await (
      await alice.request('/api/v1/scans/run', { method: 'POST', body: JSON.stringify(SCAN) })
    ).json()) as ScanRunAnswer;
    const res = await exportCsv('underlyings_page', form({ ...SCAN, cacheId: page.cacheId }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('underlyings_page.csv');
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(SCAN.columns.map((k) => columnForKey(k)!.column.title));
    expect(rows).toHaveLength(1 + page.items.length);
    const first = page.items[0] as ScanGroupRow;
    expect(rows[1]).toEqual(
      SCAN.columns.map((k) => formatColumnValue(k, first.values[columnForKey(k)!.column.name])),
    );
    expect(rows[1]![3]).toMatch(/^\$\d+\.\d{2}$/); // max loss per contract
    expect(rows[1]![4]).toMatch(/%$/);
  });

  test('underlyings_all and options_all', async () => {
    const all = parseCsv(await (await exportCsv('underlyings_all', form(SCAN))).text());
    const page = (await (
      await alice.request('/api/v1/scans/run', { method: 'POST', body: JSON.stringify(SCAN) })
    ).json()) as ScanRunAnswer;
    expect(all).toHaveLength(1 + page.totalCount);
    const options = parseCsv(await (await exportCsv('options_all', form(SCAN))).text());
    const kept = page.items.reduce((n, i) => n + 1 + (i as ScanGroupRow).similar.length, 0);
    expect(options).toHaveLength(1 + Math.min(kept, 1000));
  });

  test('a narrowed scan exports its trades', async () => {
    const narrowed = { ...SCAN, narrowedToSymbol: 'KO', columns: ['underlying', 'strike_1', 'strike_2'] };
    const rows = parseCsv(await (await exportCsv('options_all', form(narrowed))).text());
    expect(rows[0]).toEqual(['Symbol', 'Strike 1', 'Strike 2']);
    expect(rows.slice(1).every((r) => r[0] === 'KO')).toBe(true);
  });

  test.each([
    ['no token', { body: JSON.stringify(SCAN) }, 401, 'UNAUTHORIZED'],
    ['not a bearer token', { Authorization: 'Basic abc', body: JSON.stringify(SCAN) }, 401, 'UNAUTHORIZED'],
    [
      'forged token',
      { Authorization: 'Bearer abc.def.ghi', body: JSON.stringify(SCAN) },
      401,
      'UNAUTHORIZED',
    ],
    ['body not JSON', { Authorization: 'Bearer TOKEN', body: '{' }, 400, 'MALFORMED_JSON'],
    [
      'invalid scan',
      { Authorization: 'Bearer TOKEN', body: JSON.stringify({ strategy: 'x' }) },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'bad filter',
      {
        Authorization: 'Bearer TOKEN',
        body: JSON.stringify({ ...SCAN, filters: { max_loss: { type: 'nope' } } }),
      },
      400,
      'VALIDATION_FAILED',
    ],
  ])('%s', async (_name, fields, status, code) => {
    const withToken = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v.replace('TOKEN', alice.token)]),
    );
    const res = await exportCsv('underlyings_all', withToken);
    const body = (await res.json()) as { code: string };
    expect(res.status).toBe(status);
    expect(body.code).toBe(code);
  });

  test('exports run as the user may run them: a universe narrows the rows, an unknown one is a 400', async () => {
    const universe = await saveUniverse(alice, 'Exported', 'KO');
    const filters = { ...SCAN.filters, universe: { type: 'any_of', values: [universe.universe_id] } };
    const res = await exportCsv('underlyings_all', form({ ...SCAN, filters }));
    expect(res.status, await res.clone().text()).toBe(200);
    const [, ...rows] = parseCsv(await res.text());
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['KO']));
    const unknown = await exportCsv(
      'underlyings_all',
      form({ ...SCAN, filters: { ...SCAN.filters, universe: { type: 'any_of', values: [99_999] } } }),
    );
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });

  test('an unknown export is 404', async () => {
    const res = await exportCsv('everything', form(SCAN));
    expect(res.status).toBe(404);
  });
});
