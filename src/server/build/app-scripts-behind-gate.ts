/**
 * Moves the app's script tags of the built index.html (the entry and its module preloads) into
 * the argument of the page's inline signed-out gate, which adds them only for a visitor who may
 * see the app. As tags, the browser's preload scanner fetches them before any script runs, so a
 * signed-out visitor sent to /signin would download the app anyway (docs/ARCHITECTURE.md,
 * "First load").
 */
import type { Plugin } from 'vite';

export const APP_SCRIPTS_PLACEHOLDER = '/* app scripts */ null';
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

export interface AppScripts {
  readonly entry: string;
  readonly preload: readonly string[];
}

/** The page with its app script tags taken out and handed to the gate. */
export function scriptsBehindGate(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry || !html.includes(APP_SCRIPTS_PLACEHOLDER))
    throw new Error('index.html: the app entry script or the gate’s placeholder is missing');
  const preload = [...html.matchAll(PRELOAD)].map((m) => m[1] ?? '');
  const scripts: AppScripts = { entry, preload };
  return html
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace(APP_SCRIPTS_PLACEHOLDER, JSON.stringify(scripts));
}

export function appScriptsBehindGate(): Plugin {
  return {
    name: 'optionscout:app-scripts-behind-gate',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written the bundle's tags into the page.
      order: 'post',
      handler: (html, ctx) => (ctx.filename.endsWith('/index.html') ? scriptsBehindGate(html) : html),
    },
  };
}
