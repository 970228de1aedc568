/**
 * The code of the screen an address opens, fetched with the entry. The router loads a screen's
 * chunk only once the entry has run and matched the address, one more round trip on every cold
 * load; the signed-out gate of index.html knows the address before any script is fetched, so the
 * build hands it, per screen, the chunk with every chunk and stylesheet it imports
 * (docs/ARCHITECTURE.md, "First load").
 */
import { join } from 'node:path';
import type { Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Each screen of the router (src/app/router.tsx) a user opens by its address, as the gate tests
 * `location.pathname`: a regular expression's source, and the screen's module. The first match
 * wins.
 */
export const SCREEN_MODULES: readonly { readonly path: string; readonly module: string }[] = [
  { path: '^/(screener/?)?$', module: 'src/app/screens/screener/ScreenerScreen.tsx' },
  { path: '^/screener/scan(/|$)', module: 'src/app/screens/scan/ScanScreen.tsx' },
  { path: '^/analyzer(/|$)', module: 'src/app/screens/analyzer/AnalyzerScreen.tsx' },
  { path: '^/trades/?$', module: 'src/app/screens/trades/TradesScreen.tsx' },
  { path: '^/order/', module: 'src/app/screens/order/OrderScreen.tsx' },
  { path: '^/settings/', module: 'src/app/screens/settings/SettingsScreen.tsx' },
  { path: '^/integrations/', module: 'src/app/screens/integrations/IntegrationsScreen.tsx' },
  { path: '^/pricing/?$', module: 'src/app/screens/pricing/PricingScreen.tsx' },
  { path: '^/account/?$', module: 'src/app/screens/account/AccountScreen.tsx' },
];

/** What the gate adds for an address matching `path`: module preloads and stylesheet preloads. */
export interface ScreenPreload {
  readonly path: string;
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

/** The CSS files the bundler attached to a chunk (Vite's metadata). */
const cssOf = (chunk: OutputChunk): string[] => [
  ...((chunk as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? []),
];

/**
 * Each screen's chunk with the chunks it imports statically, directly or not, and their
 * stylesheets, as addresses under `base`; without what the page loads anyway (`loaded`: the
 * entry, its preloads and stylesheets). A screen the bundle has no chunk for fails the build.
 */
export function screenPreloads(
  bundle: OutputBundle,
  root: string,
  loaded: ReadonlySet<string>,
  base = '/',
): ScreenPreload[] {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  const byModule = new Map([...chunks.values()].map((c) => [c.facadeModuleId, c]));
  return SCREEN_MODULES.map(({ path, module }) => {
    const chunk = byModule.get(join(root, module));
    if (!chunk) throw new Error(`screen preloads: no chunk for ${module}`);
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (c: OutputChunk) => {
      if (scripts.has(c.fileName)) return;
      scripts.add(c.fileName);
      for (const css of cssOf(c)) styles.add(css);
      for (const file of c.imports) {
        const imported = chunks.get(file);
        if (imported) visit(imported);
      }
    };
    visit(chunk);
    const fresh = (files: Set<string>) =>
      [...files].map((f) => `${base}${f}`).filter((href) => !loaded.has(href));
    return { path, scripts: fresh(scripts), styles: fresh(styles) };
  });
}
