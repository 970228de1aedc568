/**
 * E-mailed reports over HTTP (docs/REPORTS.md): each report with the frequencies chosen, offered
 * and allowed by the plan; setting them, refused beyond the plan or for a frequency the report does
 * not offer; and a send (`npm run ops -- reports send …`) that e-mails the figures to those who
 * chose that frequency only.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ReportSubscription, ReportsAnswer } from '#api/reports.ts';
import { ops, type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { mailsTo } from '../support/billing.ts';
import { call, failure } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { json, TEST_MARKET } from '../support/trades.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staticDir: null, market: TEST_MARKET });
});
afterAll(() => server?.stop());

const reports = async (client: SignedInClient) => json<ReportsAnswer>(await call(client, 'GET', '/report'));
const save = (client: SignedInClient, id: string, frequencies: unknown) =>
  call(client, 'PUT', `/report/${id}`, { frequencies });

test('a trial has no reports; a yearly Advanced plan has all three frequencies, Beginner yearly two', async () => {
  const email = 'reports-ann@example.com';
  const ann = await signedIn(server, email);
  const trial = await reports(ann);
  expect(trial.email).toBe(email);
  expect(trial.reports.map((r) => [r.id, r.title, r.offered, r.allowed, r.frequencies])).toEqual([
    ['vwks', 'Center of Mass', ['w_eod', 'd_eod', 'd_intraday'], [], []],
    ['oiwks', 'Open Interest', ['w_eod', 'd_eod'], [], []],
  ]);
  const refused = await failure(await save(ann, 'vwks', ['d_eod']), 422);
  expect(refused).toMatchObject({
    code: 'PLAN_LIMIT_REACHED',
    message: 'Upgrade your plan to enable options below.',
  });

  await setPlan(server, email, 12);
  expect((await reports(ann)).reports.map((r) => r.allowed)).toEqual([
    ['w_eod', 'd_eod'],
    ['w_eod', 'd_eod'],
  ]);
  expect((await failure(await save(ann, 'vwks', ['d_intraday']), 422)).code).toBe('PLAN_LIMIT_REACHED');

  await setPlan(server, email, 112);
  const saved = await json<ReportSubscription>(await save(ann, 'vwks', ['d_intraday', 'd_eod', 'd_eod']));
  expect(saved.frequencies).toEqual(['d_eod', 'd_intraday']);
  expect((await reports(ann)).reports[0]!.frequencies).toEqual(['d_eod', 'd_intraday']);

  // Back to a monthly plan: nothing is shown as chosen (nor sent), and it comes back with the plan.
  await setPlan(server, email, 101);
  expect((await reports(ann)).reports[0]!.frequencies).toEqual([]);
  await setPlan(server, email, 112);
  expect((await reports(ann)).reports[0]!.frequencies).toEqual(['d_eod', 'd_intraday']);

  // A save under Beginner yearly keeps the intraday choice it cannot show, for Advanced yearly.
  await setPlan(server, email, 12);
  expect(await json<ReportSubscription>(await save(ann, 'vwks', ['w_eod']))).toMatchObject({
    frequencies: ['w_eod'],
  });
  expect((await reports(ann)).reports[0]!.frequencies).toEqual(['w_eod']);
  await setPlan(server, email, 112);
  expect((await reports(ann)).reports[0]!.frequencies).toEqual(['w_eod', 'd_intraday']);
});

test('bad input: an unknown report, a frequency the report does not offer, a malformed body', async () => {
  const email = 'reports-ben@example.com';
  const ben = await signedIn(server, email);
  await setPlan(server, email, 112);
  expect((await failure(await save(ben, 'nope', ['d_eod']), 404)).code).toBe('NOT_FOUND');
  const notOffered = await failure(await save(ben, 'oiwks', ['d_intraday']), 400);
  expect(notOffered).toMatchObject({
    code: 'VALIDATION_FAILED',
    details: { 'body.frequencies': expect.any(String) },
  });
  expect((await failure(await save(ben, 'vwks', ['hourly']), 400)).code).toBe('VALIDATION_FAILED');
  expect((await failure(await call(ben, 'PUT', '/report/vwks', {}), 400)).code).toBe('VALIDATION_FAILED');
});

test('a send e-mails each report to those who chose that frequency, with a row per name', async () => {
  const [cara, dan] = ['reports-cara@example.com', 'reports-dan@example.com'];
  const c = await signedIn(server, cara);
  const d = await signedIn(server, dan);
  await setPlan(server, cara, 112);
  await setPlan(server, dan, 112);
  await save(c, 'vwks', ['d_eod']);
  await save(c, 'oiwks', ['d_eod']);
  await save(d, 'vwks', ['w_eod']);

  const { lines } = await ops(server, 'reports', 'send', 'd_eod');
  expect(lines.at(-1)).toMatch(/^Sent \d+ report e-mails\.$/);
  const com = await mailsTo(server.config.dataDir, cara, /^Center of Mass: end of day report/);
  const oi = await mailsTo(server.config.dataDir, cara, /^Open Interest: end of day report/);
  expect(com).toHaveLength(1);
  expect(oi).toHaveLength(1);
  // One row per name of the market (four here), its price, centres, contracts and put/call ratio.
  const rows = (com[0]!.text ?? '').split('\n').filter((l) => /^(SPY|AAPL|KO|QQQ) \$/.test(l.trim()));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows)
    expect(row).toMatch(/calls [+-]?\d+\.\d% · puts [+-]?\d+\.\d% · [\d,]+ traded · P\/C \d+\.\d\d/);
  expect(await mailsTo(server.config.dataDir, dan, /report/)).toHaveLength(0);

  await ops(server, 'reports', 'send', 'w_eod');
  expect(await mailsTo(server.config.dataDir, dan, /^Center of Mass: weekend report/)).toHaveLength(1);
  expect(await mailsTo(server.config.dataDir, cara, /weekend report/)).toHaveLength(0);
});
