/**
 * Moves the app's script tags of the built index.html (the entry and its module preloads) into
 * the argument of the page's inline signed-out gate, which adds them only for a visitor who may
 * see the app. As tags, the browser's preload scanner fetches them before any script runs, so a
 * signed-out visitor sent to /signin would download the app anyway (docs/ARCHITECTURE.md,
 * "First load"). With them go the screens' own chunks (`screen-preloads.ts`), which the gate
 * fetches for the address it opens.
 */
import type { Plugin } from 'vite';
import { type ScreenPreload, screenPreloads } from './screen-preloads.ts';

export const APP_SCRIPTS_PLACEHOLDER = '/* app scripts */ null';
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

export interface AppScripts {
  readonly entry: string;
  readonly preload: readonly string[];
  readonly screens: readonly ScreenPreload[];
}

/**
 * The page with its app script tags taken out and handed to the gate, with the screens' code
 * (`screensOf` gets what the page loads anyway, to leave out).
 */
export function scriptsBehindGate(
  html: string,
  screensOf: (loaded: ReadonlySet<string>) => ScreenPreload[] = () => [],
): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry || !html.includes(APP_SCRIPTS_PLACEHOLDER))
    throw new Error('index.html: the app entry script or the gate’s placeholder is missing');
  const preload = [...html.matchAll(PRELOAD)].map((m) => m[1] ?? '');
  const styles = [...html.matchAll(STYLESHEET)].map((m) => m[1] ?? '');
  const scripts: AppScripts = { entry, preload, screens: screensOf(new Set([entry, ...preload, ...styles])) };
  return html
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace(APP_SCRIPTS_PLACEHOLDER, JSON.stringify(scripts));
}

export function appScriptsBehindGate(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'optionscout:app-scripts-behind-gate',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      // After Vite has written the bundle's tags into the page.
      order: 'post',
      handler: (html, ctx) => {
        const { bundle } = ctx;
        if (!ctx.filename.endsWith('/index.html') || !bundle) return html;
        return scriptsBehindGate(html, (loaded) => screenPreloads(bundle, root, loaded, base));
      },
    },
  };
}
