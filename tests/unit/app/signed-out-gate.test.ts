/**
 * index.html's inline signed-out gate, run as the browser runs it: it must send a visitor
 * exactly where the router's access rule would (`accessRedirect`, src/app/auth/access.ts), and
 * with the build's script list it loads the app only for a visitor who stays.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { accessRedirect } from '#app/auth/access.ts';
import { scriptsBehindGate } from '#server/build/app-scripts-behind-gate.ts';

const SOURCE = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');

/** The gate's text in a page (the inline script: the one without `src`). */
const gateOf = (html: string): string => {
  const text = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!text) throw new Error('no inline script');
  return text;
};

interface Outcome {
  readonly replacedWith: string | null;
  readonly added: { tag: string; rel?: string; as?: string; href?: string; src?: string; type?: string }[];
}

function runGate(html: string, href: string, token: string | null): Outcome {
  const url = new URL(href, 'https://app.example');
  const outcome: { replacedWith: string | null; added: Outcome['added'] } = { replacedWith: null, added: [] };
  runInNewContext(gateOf(html), {
    localStorage: { getItem: (key: string) => (key === 'access_token' ? token : null) },
    location: {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      replace: (to: string) => {
        outcome.replacedWith = to;
      },
    },
    document: {
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (el: Outcome['added'][number]) => outcome.added.push(el) },
    },
  });
  return outcome;
}

const PATHS = [
  '/',
  '/screener',
  '/screener/scan/12/AAPL?view=table#top',
  '/trades?tab=closed',
  '/analyzer/SPY',
  '/settings/account',
  '/signin',
  '/signin?redirect=%2Ftrades',
  '/signup',
  '/auth',
  '/verified',
  '/terms',
  '/termsofuse',
  '/signinx',
  '/pricing',
];

describe('the signed-out gate agrees with the router’s access rule', () => {
  test.each(PATHS)('%s', (href) => {
    const url = new URL(href, 'https://app.example');
    const path = url.pathname + url.search + url.hash;
    for (const token of [null, 'a.b.c']) {
      expect(runGate(SOURCE, href, token).replacedWith, `${href} ${token ? 'with' : 'without'} a token`).toBe(
        accessRedirect(url.pathname, path, token !== null, undefined),
      );
    }
  });

  test('storage that cannot be read counts as signed out', () => {
    const html = SOURCE;
    let replaced: string | null = null;
    runInNewContext(gateOf(html), {
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
      location: { pathname: '/trades', search: '', hash: '', replace: (to: string) => (replaced = to) },
    });
    expect(replaced).toBe('/signin?redirect=%2Ftrades');
  });
});

describe('the built page', () => {
  const built = `<!doctype html><head><title>x</title>${/<script>[\s\S]*?<\/script>/.exec(SOURCE)?.[0]}
    <script type="module" crossorigin src="/assets/index-AAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-BBB.js">
    <link rel="modulepreload" crossorigin href="/assets/router-CCC.js">
    <link rel="stylesheet" crossorigin href="/assets/index-DDD.css">
  </head><body><div id="root"></div></body>`;
  const page = scriptsBehindGate(built);

  test('has no script tag or module preload left for the browser to fetch ahead of the gate', () => {
    expect(page).not.toMatch(/<script[^>]+src=/);
    expect(page).not.toMatch(/<link rel="modulepreload"/);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-DDD.css">');
  });

  test('a signed-in visitor gets the preloads and the entry, added by the gate', () => {
    const { replacedWith, added } = runGate(page, '/trades', 'a.b.c');
    expect(replacedWith).toBeNull();
    expect(added).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/react-BBB.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/router-CCC.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-AAA.js' },
    ]);
  });

  test('the screen the address opens comes with them: its scripts and stylesheets, as preloads', () => {
    const withScreens = scriptsBehindGate(built, (loaded) => {
      expect([...loaded]).toEqual([
        '/assets/index-AAA.js',
        '/assets/react-BBB.js',
        '/assets/router-CCC.js',
        '/assets/index-DDD.css',
      ]);
      return [
        { path: '^/analyzer(/|$)', scripts: ['/assets/Analyzer-EEE.js'], styles: [] },
        {
          path: '^/trades/?$',
          scripts: ['/assets/Trades-FFF.js', '/assets/rows-GGG.js'],
          styles: ['/assets/trades-HHH.css'],
        },
      ];
    });
    expect(runGate(withScreens, '/trades?view=closed', 'a.b.c').added).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/react-BBB.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/router-CCC.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/Trades-FFF.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/rows-GGG.js' },
      { tag: 'link', rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/trades-HHH.css' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-AAA.js' },
    ]);
    // An address no screen is listed for: the entry's own preloads only.
    expect(runGate(withScreens, '/account', 'a.b.c').added.map((el) => el.href ?? el.src)).toEqual([
      '/assets/react-BBB.js',
      '/assets/router-CCC.js',
      '/assets/index-AAA.js',
    ]);
  });

  test('a signed-out visitor gets none of them, only the way to /signin', () => {
    const { replacedWith, added } = runGate(page, '/trades', null);
    expect(replacedWith).toBe('/signin?redirect=%2Ftrades');
    expect(added).toEqual([]);
  });

  test('a page without the gate or the entry fails the build', () => {
    expect(() => scriptsBehindGate('<html><head></head></html>')).toThrow(/placeholder/);
  });
});
