/**
 * The first load in Chromium, on the built app: a signed-out visitor at / reaches the provider's
 * sign-in page through the light /signin page, without the app's JavaScript; a signed-in user
 * still gets the app. Scripts come compressed, and the Content-Security-Policy lets the inline
 * gate run and nothing else inline.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { projectRoot } from '#server/config.ts';
import { PHONE } from '../support/browser.ts';
import { e2eSession } from '../support/e2e-session.ts';

/** What a signed-out visitor may download as JavaScript on the way to the sign-in page. */
const SIGNED_OUT_JS_BUDGET_KB = 8;

const e2e = e2eSession();

interface ScriptLoad {
  readonly url: string;
  /** Bytes over the wire (compressed, as sent). */
  readonly bytes: number;
  readonly encoding: string | undefined;
}

const isScript = (url: string) => /\.m?js$/.test(new URL(url).pathname);

/**
 * Every script the page asks for from now on (`asked`, finished or not: a request the browser
 * cancels has cost bytes on a real network already), those it downloads, and the CSP
 * violations it reports.
 */
function watch(page: Page): { asked: string[]; scripts: Promise<ScriptLoad | null>[]; cspErrors: string[] } {
  const asked: string[] = [];
  const scripts: Promise<ScriptLoad | null>[] = [];
  const cspErrors: string[] = [];
  page.on('request', (request) => {
    if (isScript(request.url())) asked.push(new URL(request.url()).pathname);
  });
  page.on('requestfinished', (request) => {
    if (!isScript(request.url())) return;
    scripts.push(
      Promise.all([request.sizes(), request.response()])
        .then(([sizes, response]) => ({
          url: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'],
        }))
        // A script finishing as the test closes its page (loaded after what the test measured)
        // cannot be read any more: it is no load of the test's.
        .catch((err: unknown) => {
          if (/has been closed/.test(String(err))) return null;
          throw err;
        }),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  return { asked, scripts, cspErrors };
}

const loaded = (loads: readonly (ScriptLoad | null)[]): ScriptLoad[] =>
  loads.filter((load): load is ScriptLoad => load !== null);

describe('first load', () => {
  test(`signed out at /: the provider's sign-in page, with at most ${SIGNED_OUT_JS_BUDGET_KB} KB of JavaScript and none of the app`, async () => {
    const { context, page } = await e2e.open(PHONE);
    const { asked, scripts, cspErrors } = watch(page);
    await page.goto('/');
    await page.waitForURL('**/oidc/interaction/**');
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    const loads = loaded(await Promise.all(scripts));
    const kb = loads.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    console.log(`signed-out landing: ${loads.length} scripts, ${kb.toFixed(1)} KB`);
    expect(
      asked.filter((url) => /\/assets\/index-/.test(url)),
      'the app entry is not even asked for',
    ).toEqual([]);
    expect(loads.length).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(SIGNED_OUT_JS_BUDGET_KB);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  test('signed out at a deep link: back there after signing in', async () => {
    const { context, page } = await e2e.open(PHONE);
    await page.goto('/trades?tab=closed');
    await page.waitForURL('**/oidc/interaction/**');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('E-mail').fill('grace-first-load@example.com');
    await page.getByLabel('Password').fill('a sturdy passphrase');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL('**/trades?tab=closed');
    await context.close();
  });

  test('signed in at /: the app, its scripts compressed, and the inline gate allowed by the CSP', async () => {
    const { context, page } = await e2e.signedInPage(PHONE, 'first-load@example.com');
    const { scripts, cspErrors } = watch(page);
    const document = await page.goto('/');
    expect(document?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
    await page.waitForURL('**/screener');
    await page.getByRole('heading', { name: 'All Scans' }).waitFor();
    // Ionic's elements are defined once the screen shows its content.
    await page.waitForFunction(() => customElements.get('ion-app') !== undefined);
    const loads = loaded(await Promise.all(scripts));
    const framework = loads.find((s) => /\/assets\/framework-[\w-]+\.js$/.test(s.url));
    expect(framework, 'the framework is loaded').toBeDefined();
    expect(['br', 'gzip']).toContain(framework?.encoding);
    expect(cspErrors).toEqual([]);
    // React, the router and the query client come as one script, not as a dozen small ones, and
    // so do Ionic's elements with the Stencil runtime and the modules ion-app loads as it starts
    // (tap and keyboard handling): no module of Ionic comes on its own.
    const names = loads.map((s) => s.url.split('/').at(-1) ?? '');
    expect(names.filter((name) => /^framework-/.test(name))).toHaveLength(1);
    expect(names.filter((name) => /^ion-later-elements-/.test(name))).toHaveLength(1);
    expect(names.filter((name) => /^p-[\w-]+\.js$/.test(name))).toEqual([]);
    expect(names.filter((name) => /^(react|jsx-runtime|query|useQuery|onlineManager)-/.test(name))).toEqual(
      [],
    );
    await context.close();
  });

  test('signed in at a screen’s address: its code and styles come with the entry’s, and each preload is used', async () => {
    const { context, page } = await e2e.signedInPage(PHONE, 'first-load-preloads@example.com');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto('/trades');
    await page.getByRole('heading', { name: 'Trades', exact: true }).waitFor();
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map(
        (link) => `${link.rel} ${new URL(link.href).pathname.split('/').at(-1)}`,
      ),
    );
    expect(preloads).toContainEqual(expect.stringMatching(/^modulepreload TradesScreen-[\w-]+\.js$/));
    expect(preloads).toContainEqual(expect.stringMatching(/^preload trades-[\w-]+\.css$/));
    // Chromium says so when a preload is not used in a few seconds, or not by the request made.
    await page.waitForTimeout(4000);
    expect(warnings).toEqual([]);
    await context.close();
  });

  test("the first screen's scripts carry none of Ionic's navigation elements or page transitions, nor ionicons' element", async () => {
    const { context, page } = await e2e.signedInPage(PHONE, 'first-load@example.com');
    const { scripts } = watch(page);
    await page.goto('/screener');
    await page.getByRole('heading', { name: 'All Scans' }).waitFor();
    const loads = loaded(await Promise.all(scripts));
    await context.close();
    // A Stencil component's definition carries its tag as `[flags,"ion-nav",{members}]` (the
    // minifier may quote it with backticks). The app's router navigates, and icons are drawn
    // inline (ionicons' element brings a second Stencil runtime).
    const navigation = /\[\d+,["`](ion-nav|ion-router-outlet|ion-back-button|ion-tabs|ion-icon)["`],\{/;
    // The page lifecycle events are fired by Ionic's page transitions only.
    const transitions = /ionViewWillEnter/;
    const found = await Promise.all(
      loads.map(async ({ url }) => {
        const text = await (await fetch(e2e.server.url + url)).text();
        return navigation.exec(text)?.[1] ?? transitions.exec(text)?.[0];
      }),
    );
    expect(loads.length).toBeGreaterThan(0);
    expect(found.filter(Boolean)).toEqual([]);
  });

  test("the trade log's scripts carry none of the order editor's validation: live pushes are written by the live connection's chunk", async () => {
    const { context, page } = await e2e.signedInPage(PHONE, 'first-load-trades@example.com');
    const { scripts } = watch(page);
    await page.goto('/trades');
    await page.getByRole('heading', { name: 'Trades', exact: true }).waitFor();
    // What loads once the content shows (the service worker's registration, the writes' queue).
    await page.waitForTimeout(1500);
    const loads = loaded(await Promise.all(scripts));
    await context.close();
    // The plan's leg limit, one of the order validation's messages (the error catalogue has others).
    const validation = 'You have reached the maximum legs';
    const carrying = await Promise.all(
      loads.map(async ({ url }) =>
        (await (await fetch(e2e.server.url + url)).text()).includes(validation) ? url : null,
      ),
    );
    expect(loads.length).toBeGreaterThan(0);
    expect(carrying.filter(Boolean)).toEqual([]);
  });

  test('no script of the app carries Ionic components it never draws: each comes with what uses it', () => {
    const assets = join(projectRoot, 'dist', 'assets');
    // The app draws no date picker: a script defining one holds all of Ionic's components, as a
    // dynamic import of @ionic/react itself would.
    const withDatetime = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => /\[\d+,["`]ion-datetime["`],\{/.test(readFileSync(join(assets, name), 'utf8')));
    expect(withDatetime).toEqual([]);
  });

  test('no script of the app carries the validation library: request and hub schemas stay on the server', () => {
    const assets = join(projectRoot, 'dist', 'assets');
    const withZod = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => readFileSync(join(assets, name), 'utf8').includes('$ZodType'));
    expect(withZod).toEqual([]);
  });
});
