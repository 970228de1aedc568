/**
 * The screens' code the signed-out gate fetches with the entry (src/server/build/screen-preloads.ts):
 * each address opens the screen the router draws there, and a screen's preloads are its chunk
 * with everything it imports statically and their stylesheets, less what the page loads anyway.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, test } from 'vitest';
import { SCREEN_MODULES, screenPreloads } from '#server/build/screen-preloads.ts';
import { projectRoot } from '#server/config.ts';

const screenAt = (path: string) =>
  SCREEN_MODULES.find((s) => new RegExp(s.path).test(path))
    ?.module.split('/')
    .at(-1) ?? null;

describe('the screen an address opens', () => {
  test.each([
    ['/', 'ScreenerScreen.tsx'],
    ['/screener', 'ScreenerScreen.tsx'],
    ['/screener/', 'ScreenerScreen.tsx'],
    ['/screener/scan', 'ScanScreen.tsx'],
    ['/screener/scan/12/AAPL', 'ScanScreen.tsx'],
    ['/analyzer', 'AnalyzerScreen.tsx'],
    ['/analyzer/SPY', 'AnalyzerScreen.tsx'],
    ['/trades', 'TradesScreen.tsx'],
    ['/order/edit', 'OrderScreen.tsx'],
    ['/order/open/abc', 'OrderScreen.tsx'],
    ['/settings/account', 'SettingsScreen.tsx'],
    ['/integrations/excel', 'IntegrationsScreen.tsx'],
    ['/pricing', 'PricingScreen.tsx'],
    ['/account', 'AccountScreen.tsx'],
    ['/screenerx', null],
    ['/tradesx', null],
    ['/terms', null],
    ['/signin', null],
  ])('%s: %s', (path, screen) => {
    expect(screenAt(path)).toBe(screen);
  });

  test('every screen listed is one the router loads lazily', () => {
    const router = readFileSync(join(projectRoot, 'src/app/router.tsx'), 'utf8');
    for (const { module } of SCREEN_MODULES)
      expect(router, module).toContain(`import('./${relative('src/app', module)}')`);
  });
});

/** A chunk of a fake bundle: its file, the module it is the entry of, its imports and stylesheets. */
const chunk = (fileName: string, facade: string | null, imports: string[], css: string[] = []) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId: facade === null ? null : join('/app', facade),
    imports,
    viteMetadata: { importedCss: new Set(css) },
  }) as unknown as Rollup.OutputChunk;

const bundle = (chunks: Rollup.OutputChunk[]): Rollup.OutputBundle =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c]));

const everyScreen = SCREEN_MODULES.map((s, i) => chunk(`assets/screen-${i}.js`, s.module, []));

describe('a screen’s preloads', () => {
  const trades = SCREEN_MODULES.findIndex((s) => s.module.endsWith('/TradesScreen.tsx'));
  const fake = bundle([
    ...everyScreen.filter((_, i) => i !== trades),
    chunk('assets/index.js', 'src/app/main.tsx', ['assets/framework.js'], ['assets/index.css']),
    chunk('assets/framework.js', null, []),
    chunk(
      'assets/TradesScreen.js',
      'src/app/screens/trades/TradesScreen.tsx',
      ['assets/framework.js', 'assets/row-cards.js', 'assets/index.js'],
      ['assets/trades.css', 'assets/index.css'],
    ),
    chunk('assets/row-cards.js', null, ['assets/number-format.js'], ['assets/row-cards.css']),
    chunk('assets/number-format.js', null, ['assets/row-cards.js']),
  ]);
  const loaded = new Set(['/assets/index.js', '/assets/framework.js', '/assets/index.css']);

  test('its chunk with what it imports, directly or not, and their stylesheets, less what the page loads anyway', () => {
    const preload = screenPreloads(fake, '/app', loaded).find((s) => s.path === SCREEN_MODULES[trades]?.path);
    expect(preload?.scripts).toEqual([
      '/assets/TradesScreen.js',
      '/assets/row-cards.js',
      '/assets/number-format.js',
    ]);
    expect(preload?.styles).toEqual(['/assets/trades.css', '/assets/row-cards.css']);
  });

  test('a screen the bundle has no chunk for fails the build', () => {
    expect(() => screenPreloads(bundle(everyScreen.slice(1)), '/app', loaded)).toThrow(/no chunk for/);
  });
});
