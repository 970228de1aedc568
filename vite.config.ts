import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { appScriptsBehindGate } from './src/server/build/app-scripts-behind-gate.ts';
import { ionicElementsGroup } from './src/server/build/ionic-elements-chunk.ts';
import { mdOnlyStyles } from './src/server/build/md-only-styles.ts';
import { precompress } from './src/server/build/precompress.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const serverPort = Number(process.env.PORT || 8080);

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        // The identity of an installed app. Without an id, browsers took start_url's path, so
        // the same value keeps existing installs the same app.
        id: '/screener',
        name: 'OptionScout: options screener and trade log',
        short_name: 'OptionScout',
        description: 'Scan the whole options market, analyze scenarios and keep a trade log.',
        start_url: '/screener',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b6bcb',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Shown by the install dialogs (tests/e2e/appearance.test.ts takes them from the app).
        screenshots: [
          {
            src: '/screenshots/narrow.png',
            sizes: '375x812',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Scans and their results on a phone',
          },
          {
            src: '/screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Scans and their results on a desktop',
          },
        ],
        shortcuts: [
          { name: 'Screener', url: '/screener', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Trades', url: '/trades', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Analyzer', url: '/analyzer', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
      injectManifest: {
        // No png: the plugin adds the manifest's icons itself (a png glob listed each twice), and
        // the screenshots are only for install dialogs, never needed offline.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // The Excel add-in's page runs in Excel, never in the installed app.
        globIgnores: ['excel-addin.html', 'assets/excel-addin-*.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    appScriptsBehindGate(),
    mdOnlyStyles(),
    precompress(),
  ],
  define: {
    // A new build drops the persisted query cache (its shapes may have changed).
    __APP_BUILD__: JSON.stringify(`${version}+${process.env.VITEST ? 'test' : Date.now().toString(36)}`),
  },
  build: {
    target: 'es2023',
    rolldownOptions: {
      // signin.html: what a document load of /signin or /signup gets, without the app.
      input: {
        index: new URL('./index.html', import.meta.url).pathname,
        signin: new URL('./signin.html', import.meta.url).pathname,
        // The Excel add-in's page (docs/ADDIN.md): its own script, none of the app's.
        'excel-addin': new URL('./excel-addin.html', import.meta.url).pathname,
      },
      output: {
        codeSplitting: {
          // The app's small modules shared by several screens made 20 to 30 chunks per screen, each
          // a request (HTTP/1.1: six at a time, a round trip each on a slow phone network). Common
          // chunks under 16 KiB of source are copied into the chunks that import them instead; the
          // runtime keeps one state per module. Chunks holding styles stay files: copied, a
          // stylesheet would load again later in the cascade and undo the rules that follow it.
          // docs/ARCHITECTURE.md "App.", docs/BENCHMARKS.md.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/ },
          // React, TanStack's router and query client and idb are in every screen's first
          // download: one chunk, rather than the entry plus a dozen small shared chunks (the
          // parts only screens use, such as useQuery, are needed by every screen as well).
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|idb|@tanstack)[\\/]|vite[\\/]preload-helper/,
            },
            ionicElementsGroup(new URL('.', import.meta.url).pathname),
          ],
        },
      },
      treeshake: {
        // @ionic/core's component modules define custom elements at top level and declare no
        // sideEffects, so without this every Ionic component lands in the entry chunk.
        moduleSideEffects: [
          { test: /[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[a-z-]+\.js$/, sideEffects: false },
          // Its index re-exports every controller, transition and gesture; the app takes only
          // `initialize` from it, which would otherwise bring all of them.
          { test: /[\\/]@ionic[\\/]core[\\/]components[\\/]index\.js$/, sideEffects: false },
          // The domain and the API's contract are pure: importing one of their modules runs
          // nothing. Said so, a chunk that takes a display helper from a module leaves out what
          // only the module's other exports import (the error catalogue behind a parser that
          // throws), which the bundler's strict execution order would otherwise still load.
          { test: /[\\/]src[\\/](domain|api)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/oidc': `http://127.0.0.1:${serverPort}`,
      '/store': `http://127.0.0.1:${serverPort}`,
      '/hubs': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
  test: {
    // Node 24's V8 can abort a process that creates and frees many WebAssembly modules (the
    // embedded database of every test server, next to the market's kernels): "Check failed:
    // jit_page_->allocations_.erase(addr) == 1" in ThreadIsolation::UnregisterWasmAllocation while
    // its code GC frees code (nodejs/node#64500). Without that GC nothing is freed that way; a test
    // process lives minutes, so the code it keeps costs little. `npm start` passes it too.
    execArgv: ['--no-wasm-code-gc'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // Property tests run thousands of cases: generous on a loaded two-core machine.
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/components/setup.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
          // After the in-process tests, so real servers do not compete with them for two cores.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 30_000 } },
          // Last and alone, one browser and one server at a time: the machine has two cores.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
