/**
 * `npm run bench:bundle`: the JavaScript each screen really loads before its first paint, in
 * Chromium (playwright-core) at phone width against the built app: a cold browser (no HTTP
 * cache, no service worker) opens the screen's address and every script it asks for until the
 * screen shows its content is counted, each gzip-compressed at level 9, against the target of
 * 170 KB per screen. The page checks for its content at every frame and notes the moment it
 * shows; scripts asked for after that moment (what the app loads once the screen is up) are not
 * counted, however soon the check's answer reaches the benchmark. Builds first so the figures
 * match the sources.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ListRole } from '#api/screener-model.ts';
import { buildApp } from '#server/cli/build-app.ts';
import { signedIn, signInBrowser } from '#tests/support/auth.ts';
import { launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { startScanPageServer } from '#tests/support/scan-page.ts';
import { listOf, lists } from '#tests/support/screener.ts';
import type { TestServer } from '#tests/support/test-server.ts';
import { machineLine, writeBenchSection } from './report.ts';

const root = new URL('../..', import.meta.url).pathname;
const TARGET_KB = 170;

interface Screen {
  readonly name: string;
  readonly path: string;
  readonly signedIn: boolean;
  /**
   * Resolves once the screen shows its content (its first paint for this count) with that moment,
   * in ms since the epoch; undefined when every script asked for until then counts.
   */
  ready(page: Page): Promise<number | undefined>;
}

interface Measure {
  /** Each script's file name and gzip size, largest first: what to look at when a screen grows. */
  readonly files: readonly { readonly name: string; readonly gzip: number }[];
  readonly scripts: number;
  readonly raw: number;
  readonly gzip: number;
}

/** What shows a screen's content: a heading with exactly this text, a text, elements. */
interface Content {
  readonly heading?: string;
  readonly text?: string;
  /** Each selector matches an element. */
  readonly selectors?: readonly string[];
}

/** The part of the page's document the check below reads (the bench's own types have no DOM). */
interface PageDocument {
  querySelectorAll(selector: string): Iterable<{
    readonly textContent: string | null;
    getClientRects(): { readonly length: number };
  }>;
  querySelector(selector: string): object | null;
  readonly body: { readonly textContent: string | null };
}

/** In the page: the moment, in ms since the epoch, when it shows `content` (false before). */
function contentShown({ heading, text, selectors = [] }: Content): number | false {
  const doc = Reflect.get(globalThis, 'document') as PageDocument;
  return (
    (heading === undefined ||
      [...doc.querySelectorAll('h1, h2, h3, [role="heading"]')].some(
        (h) => h.textContent?.trim() === heading && h.getClientRects().length > 0,
      )) &&
    (text === undefined || (doc.body.textContent ?? '').includes(text)) &&
    selectors.every((selector) => doc.querySelector(selector) !== null) &&
    Date.now()
  );
}

/** Checks at every frame until the page shows `content`; the moment it did, in ms since the epoch. */
async function shownAt(page: Page, content: Content): Promise<number> {
  const at = await page.waitForFunction(contentShown, content, { polling: 'raf', timeout: 60_000 });
  return (await at.jsonValue()) as number;
}

function screens(sampleId: number, sampleTitle: string): Screen[] {
  return [
    {
      name: 'sign-in (signed out, `/` to the provider’s page)',
      path: '/',
      signedIn: false,
      // Across pages (the app's gate, the provider's): every script asked for counts.
      ready: async (page) => {
        await page.waitForURL('**/oidc/interaction/**');
        await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
        return undefined;
      },
    },
    {
      name: 'All Scans (`/screener`)',
      path: '/screener',
      signedIn: true,
      ready: (p) => shownAt(p, { heading: 'All Scans' }),
    },
    {
      name: 'a scan with results (`/screener/scan/:id`, a sample)',
      path: `/screener/scan/${sampleId}`,
      signedIn: true,
      ready: (page) =>
        shownAt(page, {
          heading: sampleTitle,
          selectors: ['.scan-results[aria-busy="false"]', '.results-table, .scan-results .empty-state'],
        }),
    },
    {
      name: 'Trades (`/trades`)',
      path: '/trades',
      signedIn: true,
      ready: (p) => shownAt(p, { heading: 'Trades' }),
    },
    {
      name: 'order editor (`/order/edit`)',
      path: '/order/edit',
      signedIn: true,
      ready: (p) => shownAt(p, { text: 'Please choose Ticker and Strategy to begin' }),
    },
    {
      name: 'analyzer (`/analyzer`)',
      path: '/analyzer',
      signedIn: true,
      ready: (p) => shownAt(p, { text: 'Enter ticker and expected behavior and press run to start.' }),
    },
    {
      name: 'settings (`/settings/account`)',
      path: '/settings/account',
      signedIn: true,
      ready: (p) => shownAt(p, { heading: 'Account | Settings' }),
    },
  ];
}

async function measure(
  browser: Browser,
  server: TestServer,
  screen: Screen,
  email: string,
): Promise<Measure> {
  const { context, page } = await openPage(browser, server.url, PHONE, { serviceWorkers: 'block' });
  if (screen.signedIn) await signInBrowser(context, server, email);
  // The addresses only: a page that navigates on (sign-in) drops its responses' bodies. The
  // files are the build's, fetched again below as they are.
  const asked = new Map<string, number>();
  page.on('response', (response) => {
    if (/\.m?js$/.test(new URL(response.url()).pathname))
      asked.set(response.url(), response.request().timing().startTime);
  });
  await page.goto(screen.path);
  const shown = await screen.ready(page);
  await context.close();
  const urls = [...asked].filter(([, at]) => shown === undefined || at <= shown).map(([url]) => url);
  const loaded = await Promise.all(
    [...urls].map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
  );
  const gzipped = loaded.map((b) => gzipSync(b, { level: 9 }).length);
  return {
    files: urls
      .map((url, i) => ({ name: new URL(url).pathname.split('/').at(-1) ?? url, gzip: gzipped[i] ?? 0 }))
      .sort((a, b) => b.gzip - a.gzip),
    scripts: loaded.length,
    raw: loaded.reduce((sum, b) => sum + b.length, 0),
    gzip: gzipped.reduce((sum, n) => sum + n, 0),
  };
}

if (import.meta.main) {
  buildApp(root);
  const server = await startScanPageServer();
  const browser = await launchBrowser();
  const rows: string[] = [];
  let over = 0;
  try {
    const email = 'bundle-bench@example.com';
    const sample = listOf(await lists(await signedIn(server, email)), ListRole.Predefined).items[0];
    if (!sample) throw new Error('no sample scans');
    for (const screen of screens(sample.id, sample.title)) {
      const m = await measure(browser, server, screen, email);
      const kb = (n: number) => (n / 1024).toFixed(1);
      const within = m.gzip / 1024 <= TARGET_KB;
      if (!within) over += 1;
      rows.push(
        `| ${screen.name} | ${m.scripts} | ${kb(m.raw)} KiB | **${kb(m.gzip)} KiB** | ${within ? 'within' : 'OVER'} |`,
      );
      console.log(rows.at(-1));
      for (const file of m.files) console.log(`    ${kb(file.gzip).padStart(6)} ${file.name}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const md = [
    '## JavaScript per screen (`npm run bench:bundle`)',
    '',
    `Machine: ${machineLine()}`,
    '',
    'Chromium at 375 px, cold (no HTTP cache, no service worker), signed in with a fresh trial',
    'unless said otherwise: every script the screen asks for from opening its address until it shows',
    'its content (the heading; a scan its results; sign-in the provider’s page), each gzip -9. The',
    'page checks for its content at every frame; what the app loads after that moment is not counted.',
    `Target: ≤ ${TARGET_KB} KB gzip per screen.`,
    '',
    '| screen | scripts | raw | gzip -9 | target |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  writeBenchSection('bundle', md);
  console.log(md);
  if (over > 0) process.exitCode = 1;
}
