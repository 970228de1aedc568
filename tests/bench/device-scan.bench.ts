/**
 * `npm run bench:device-scan`: the default scan (the new scan page's strategy, covered calls, with
 * its default filters) on the device against the same scan on the server, in the same run; writes
 * the `device-scan` section of docs/BENCHMARKS.md. Builds the app first.
 *
 * Method: the built app on the scan page's test market (the small universe, 500 names) in
 * Chromium at 375 px, signed in; the scan page keeps its device snapshot (the server's default
 * names: those with the most open interest) in IndexedDB. On the device: the app's own
 * `scanOnThisDevice` (the module the page loaded, imported again by its address), from the call
 * to the first page in the page's hands: which snapshot is kept read from IndexedDB, the scan in
 * the worker (which decoded the snapshot's bytes in the warm-ups), the answer posted back. With the CPU throttled 4× (CDP `Emulation.setCPUThrottlingRate`
 * on the page) and, for comparison, not throttled. On the server: `POST /scans/run` over HTTP
 * from Node, a fresh scan each time (no cacheId), the same definition limited to the snapshot's
 * names (`include_symbols`), so both scan the same underlyings; the device scans run with that
 * filter too. The market is closed (NYSE hours, after Wednesday's close): its prices hold still,
 * so each run's first page must list the same trades in the same order on both, and is checked. Warm-ups first (the worker's first scan decodes the snapshot), then timed runs
 * interleaved device / server; median and p95.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { ScanDefinition, ScanRunAnswer } from '#api/scans.ts';
import { DEFAULT_SCAN_STRATEGY, ListRole } from '#api/screener-model.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { deviceSnapshotHeader } from '#engine/device-snapshot.ts';
import { buildApp } from '#server/cli/build-app.ts';
import { signedIn, signInBrowser } from '#tests/support/auth.ts';
import { launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { results, startScanPageServer } from '#tests/support/scan-page.ts';
import { listOf, lists } from '#tests/support/screener.ts';
import { machineLine, percentiles, stealMeter, writeBenchSection } from './report.ts';

const root = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = option('--runs', 10);
const WARMUPS = option('--warmups', 2);
const THROTTLE = 4;
const CLOSED_MARKET = Date.parse('2026-03-04T22:00:00Z');

/** The part of the app's device-scan module the page is asked to run. */
interface DeviceScanModule {
  scanOnThisDevice(
    definition: ScanDefinition,
    universes: readonly never[],
  ): Promise<{ answer: ScanRunAnswer }>;
  refreshDeviceSnapshot(universes: readonly never[]): Promise<{ readonly asOfMs: number }>;
}

/** The address of the device-scan module the scan page loaded (its chunk), once it has. */
async function deviceScanModuleUrl(page: Page): Promise<string> {
  for (let tries = 0; tries < 120; tries++) {
    const url = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((name) => /\/device-scan-[\w-]+\.js$/.test(name)),
    );
    if (url) return url;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the scan page did not load the device-scan module');
}

/** Makes sure the page keeps a device snapshot (the page's refresh may still be on its way): its instant. */
const keepSnapshot = (page: Page, url: string) =>
  page.evaluate(async (url) => {
    const module = (await import(url)) as DeviceScanModule;
    return (await module.refreshDeviceSnapshot([])).asOfMs;
  }, url);

/** One device scan's time (ms), from the call to the answer in the page's hands. */
const deviceRun = (page: Page, url: string, definition: ScanDefinition) =>
  page.evaluate(
    async ({ url, definition }) => {
      const module = (await import(url)) as DeviceScanModule;
      const started = performance.now();
      const { answer } = await module.scanOnThisDevice(definition, []);
      return { ms: performance.now() - started, items: answer.items, total: answer.totalCount };
    },
    { url, definition },
  );

if (import.meta.main) {
  buildApp(root);
  // A closed market (NYSE hours, after Wednesday's close): its prices hold still, so the device's
  // snapshot and the server's market give the same trades.
  const server = await startScanPageServer({ hours: 'nyse', asOfMs: CLOSED_MARKET });
  const browser = await launchBrowser();
  const steal = stealMeter();
  const email = 'device-scan-bench@example.com';
  const client = await signedIn(server, email);
  const sample = listOf(await lists(client), ListRole.Predefined).items[0];
  if (!sample) throw new Error('no sample scans');
  const { context, page } = await openPage(browser, server.url, PHONE);
  await signInBrowser(context, server, email);
  await page.goto(`/screener/scan/${sample.id}`);
  await results(page);
  const url = await deviceScanModuleUrl(page);
  await keepSnapshot(page, url);
  // The same names as the page's (the server's default ones), for their figures.
  const fetched = Buffer.from(await (await client.request('/api/v1/market/snapshot')).arrayBuffer());
  const header = deviceSnapshotHeader(new Uint8Array(fetched).buffer);
  const definition: ScanDefinition = {
    strategy: DEFAULT_SCAN_STRATEGY,
    filters: {
      ...STRATEGIES[DEFAULT_SCAN_STRATEGY].defaultFilters,
      include_symbols: { type: 'any_of', values: [...header.symbols] },
    },
    page: 0,
  };
  const serverRun = async () => {
    const started = performance.now();
    const res = await client.request('/api/v1/scans/run', {
      method: 'POST',
      body: JSON.stringify(definition),
    });
    const answer = (await res.json()) as ScanRunAnswer;
    if (!res.ok) throw new Error(`POST /scans/run: ${res.status} ${JSON.stringify(answer)}`);
    return { ms: performance.now() - started, items: answer.items, total: answer.totalCount };
  };
  const cdp = await context.newCDPSession(page);
  const timed = {
    throttled: [] as number[],
    plain: [] as number[],
    server: [] as number[],
    serverPlain: [] as number[],
  };
  let shown = { device: 0, server: 0 };
  /** The first device scan: it reads the snapshot's bytes, transfers them and the worker decodes them. */
  let firstMs = Number.NaN;
  try {
    for (const rate of [THROTTLE, 1]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      for (let i = 0; i < WARMUPS + RUNS; i++) {
        const device = await deviceRun(page, url, definition);
        const onServer = await serverRun();
        shown = { device: device.total, server: onServer.total };
        if (Number.isNaN(firstMs)) firstMs = device.ms;
        const trades = (items: readonly { readonly id: string }[]) => items.map((row) => row.id).join(' ');
        if (trades(device.items) !== trades(onServer.items))
          throw new Error(
            `the device and the server answered other trades: ${trades(device.items)} | ${trades(onServer.items)}`,
          );
        if (i < WARMUPS) continue;
        (rate === 1 ? timed.plain : timed.throttled).push(device.ms);
        (rate === 1 ? timed.serverPlain : timed.server).push(onServer.ms);
        console.log(`${rate}× device ${device.ms.toFixed(0)} ms · server ${onServer.ms.toFixed(0)} ms`);
      }
    }
  } finally {
    await context.close();
    await browser.close();
    await server.stop();
  }
  const stolen = steal();
  const t = percentiles(timed.throttled);
  const p = percentiles(timed.plain);
  const s = percentiles(timed.server);
  const sp = percentiles(timed.serverPlain);
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const mib = (n: number) => `${(n / 1_048_576).toFixed(1)} MiB`;
  const wire = brotliCompressSync(fetched, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
  const md = [
    '## Scans on the device (`npm run bench:device-scan`)',
    '',
    `Machine: ${machineLine()}; ${stolen === null ? '' : `${(stolen * 100).toFixed(1)}% of the CPU time stolen by the host; `}Chromium (playwright-core) at 375 px.`,
    '',
    `The default scan (${DEFAULT_SCAN_STRATEGY}, its default filters) over the device snapshot the scan page keeps: the ${header.underlyingCount} names with the most open interest of the test market's 500 (${header.optionCount.toLocaleString('en-US')} options, ${header.groupCount.toLocaleString('en-US')} expirations, ${header.barCount.toLocaleString('en-US')} daily bars; ${mib(fetched.length)} kept in IndexedDB, ${mib(wire)} over the wire with brotli). On the device: \`scanOnThisDevice\` in the page, from the call to the first page in hand (which snapshot is kept read from IndexedDB, the scan in the worker, which decoded the snapshot in the warm-ups, the answer back). On the server: \`POST /scans/run\` over HTTP from Node on the same machine, a fresh scan each time (2 worker threads), the same definition limited to the snapshot's names. ${WARMUPS} warm-ups, then ${RUNS} timed runs each, device and server interleaved. The market is closed (NYSE hours, after Wednesday's close), so both read the same prices: ${shown.device} tickers passed on the device and ${shown.server} on the server, and every run's first page had the same trades in the same order on both (checked; their values differ in the last digits, as the valuation instant moves on by the seconds between the two runs: the unit test compares them at one instant).`,
    '',
    `The first scan of a snapshot also reads its bytes from IndexedDB, transfers them to the worker and decodes them there: ${ms(firstMs)} with the CPU throttled ${THROTTLE}× (a warm-up, not in the rows below).`,
    '',
    'Each device row is compared with the server runs interleaved with it. CPU throttling is set on the page’s target; whether Chromium applies it to the page’s dedicated worker too is read from the throttled/unthrottled ratio of the device rows.',
    '',
    '| where | p50 | p95 | p50 vs the server |',
    '|---|---|---|---|',
    `| device, CPU throttled ${THROTTLE}× | ${ms(t.p50)} | ${ms(t.p95)} | ${(t.p50 / s.p50).toFixed(1)}× |`,
    `| server (\`POST /scans/run\`), beside the throttled runs | ${ms(s.p50)} | ${ms(s.p95)} | 1.0× |`,
    `| device, not throttled | ${ms(p.p50)} | ${ms(p.p95)} | ${(p.p50 / sp.p50).toFixed(1)}× |`,
    `| server (\`POST /scans/run\`), beside the unthrottled runs | ${ms(sp.p50)} | ${ms(sp.p95)} | 1.0× |`,
  ].join('\n');
  writeBenchSection('device-scan', md);
  console.log(md);
}
