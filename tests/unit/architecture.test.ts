/**
 * The dependency rule of docs/ARCHITECTURE.md, enforced: domain imports nothing but itself
 * (no packages, no Node, no React); api only domain (and zod); the scan engine's core only domain
 * and api, so the server's scan threads and the browser's scan worker run the same code; server
 * and app use domain, api and the engine but never each other; the app only browser packages, so no server package reaches its
 * bundle; the service worker uses nothing of the app. Imports go through the subpath aliases of
 * package.json (`#domain/…`), and no relative import climbs more than one level.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
type Layer = 'domain' | 'api' | 'engine' | 'server' | 'app' | 'sw';

const LAYER_DIRS: Record<Layer, string> = {
  domain: 'src/domain',
  api: 'src/api',
  engine: 'src/engine',
  server: 'src/server',
  app: 'src/app',
  sw: 'sw',
};

/** Packages the app may use: the browser's (the design card's), nothing that runs a server. */
const APP_PACKAGES =
  /^(react|react-dom(\/client)?|@tanstack\/(react-query|react-router|react-query-persist-client|query-sync-storage-persister)|@ionic\/(react|react\/css\/[\w./-]+\.css|core\/components\/[\w-]+\.js)|ionicons\/icons|idb|uplot|uplot\/dist\/uPlot\.min\.css|@microsoft\/signalr|workbox-window)$/;

const ALLOWED: Record<Layer, { layers: Layer[]; packages: RegExp | null }> = {
  domain: { layers: ['domain'], packages: null },
  api: { layers: ['domain', 'api'], packages: /^zod$/ },
  // Types only from the api: a value would bring zod into the browser's scan worker.
  engine: { layers: ['domain', 'api', 'engine'], packages: null },
  server: { layers: ['domain', 'api', 'engine', 'server'], packages: /./ },
  app: { layers: ['domain', 'api', 'engine', 'app'], packages: APP_PACKAGES },
  sw: { layers: ['sw', 'api'], packages: /^workbox-/ },
};

/** package.json's subpath imports: `#domain/*` → `./src/domain/*`. */
const ALIASES = Object.entries(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> })
    .imports,
).map(([alias, target]) => [alias.replace(/\*$/, ''), target.replace(/\*$/, '')] as const);

function sourceFiles(dir: string): string[] {
  const abs = join(root, dir);
  return readdirSync(abs).flatMap((name) => {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) return sourceFiles(relative(root, path));
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Module specifiers: static, side-effect and dynamic imports. */
function importsOf(text: string): string[] {
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return specs.map((m) => m[1] ?? '');
}

/** Files reached by URL (a worker's entry, a data file): they cross layers as imports do. */
const urlsOf = (text: string): string[] =>
  [...text.matchAll(/new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g)].map((m) => m[1] ?? '');

function layerOf(absPath: string): Layer | 'outside' {
  const rel = relative(root, absPath);
  for (const [layer, dir] of Object.entries(LAYER_DIRS) as [Layer, string][]) {
    if (rel === dir || rel.startsWith(`${dir}/`)) return layer;
  }
  return 'outside';
}

/** The file an import names, or null for a package. */
function targetOf(file: string, spec: string): string | null {
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix));
  return alias ? resolve(root, alias[1], spec.slice(alias[0].length)) : null;
}

/** What a file of `layer` (at `file`, with source `text`) may not import. */
function violationsOf(layer: Layer, file: string, text: string): string[] {
  const rule = ALLOWED[layer];
  const found: string[] = [];
  const imports = importsOf(text);
  for (const spec of [...imports, ...urlsOf(text)]) {
    const where = `${relative(root, file)} → ${spec}`;
    const target = targetOf(file, spec);
    if (imports.includes(spec) && spec.startsWith('../../'))
      found.push(`${where} (climbs more than one level: use a # alias)`);
    if (target === null) {
      if (!rule.packages?.test(spec)) found.push(where);
      continue;
    }
    const targetLayer = layerOf(target);
    if (targetLayer === 'outside' || !rule.layers.includes(targetLayer)) found.push(where);
  }
  return found;
}

const violations = (layer: Layer): string[] =>
  sourceFiles(LAYER_DIRS[layer]).flatMap((file) => violationsOf(layer, file, readFileSync(file, 'utf8')));

describe('dependency rule', () => {
  test.each(Object.keys(LAYER_DIRS) as Layer[])('%s imports only what it may', (layer) => {
    expect(violations(layer)).toEqual([]);
  });

  test('tests reach the source through the aliases too: no relative import climbs two levels', () => {
    const climbing = sourceFiles('tests').flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('../../'))
        .map((spec) => `${relative(root, file)} → ${spec}`),
    );
    expect(climbing).toEqual([]);
  });

  test.each([
    ['app', 'src/app/api/client.ts', "import { buildServer } from '#server/app.ts';"],
    ['app', 'src/app/api/client.ts', "import { x } from '../../server/app.ts';"],
    ['app', 'src/app/api/client.ts', "import Fastify from 'fastify';"],
    ['app', 'src/app/api/client.ts', "import { Kysely } from 'kysely';"],
    ['app', 'src/app/api/client.ts', "import { readFileSync } from 'node:fs';"],
    ['domain', 'src/domain/errors.ts', "import { z } from 'zod';"],
    ['domain', 'src/domain/errors.ts', "import type { ApiError } from '#api/errors.ts';"],
    ['api', 'src/api/errors.ts', "const m = await import('#server/main.ts');"],
    ['sw', 'sw/sw.ts', "import { api } from '#app/api/client.ts';"],
    ['engine', 'src/engine/scan-run.ts', "import { Worker } from 'node:worker_threads';"],
    ['engine', 'src/engine/scan-run.ts', "import { MarketSnapshot } from '#server/market/snapshot.ts';"],
    ['engine', 'src/engine/scan-run.ts', "import { useQuery } from '@tanstack/react-query';"],
    ['domain', 'src/domain/errors.ts', "import { TopList } from '#engine/top-list.ts';"],
  ] as const)('the rule can fail: %s file %s with %s is caught', (layer, file, text) => {
    expect(violationsOf(layer, join(root, file), text)).not.toEqual([]);
  });

  test('and passes what is allowed', () => {
    const file = join(root, 'src/app/api/client.ts');
    expect(
      violationsOf(
        'app',
        file,
        "import { api } from './keys.ts';\nimport type { ApiError } from '#api/errors.ts';\nimport { useQuery } from '@tanstack/react-query';",
      ),
    ).toEqual([]);
  });
});

/**
 * Domain modules that no file of the app, the server, the api or the service worker reaches,
 * directly or through other domain modules: used by their own tests alone, they are dead code.
 * AssemblyScript sources (`*.as.ts`) are compiled by `npm run build:wasm`, not imported.
 */
function unreachableDomainModules(sources: ReadonlyMap<string, string>): string[] {
  const isDomain = (file: string) => layerOf(file) === 'domain';
  const reached = new Set<string>();
  const pending = [...sources.keys()].filter((file) => !isDomain(file));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const text = sources.get(file) ?? '';
    for (const spec of [...importsOf(text), ...urlsOf(text)]) {
      const target = targetOf(file, spec);
      if (target !== null && !reached.has(target)) pending.push(target);
    }
  }
  return [...sources.keys()]
    .filter((file) => isDomain(file) && !file.endsWith('.as.ts') && !reached.has(file))
    .map((file) => relative(root, file))
    .sort();
}

const productSources = (): Map<string, string> =>
  new Map(
    (Object.values(LAYER_DIRS) as string[])
      .flatMap((dir) => sourceFiles(dir))
      .map((file) => [file, readFileSync(file, 'utf8')]),
  );

describe('no dead domain module', () => {
  test('every src/domain module is used by the app, the server, the api or the service worker', () => {
    expect(unreachableDomainModules(productSources())).toEqual([]);
  });

  test('the check can fail: a module only its tests use, and one only such a module uses, are listed', () => {
    const sources = productSources();
    sources.set(join(root, 'src/domain/display/planted.ts'), "import { x } from './planted-helper.ts';");
    sources.set(join(root, 'src/domain/display/planted-helper.ts'), 'export const x = 1;');
    expect(unreachableDomainModules(sources)).toEqual([
      'src/domain/display/planted-helper.ts',
      'src/domain/display/planted.ts',
    ]);
  });
});

/**
 * What a scan worker loads (`src/server/engine/scan-worker.ts` and everything it imports, types
 * aside): the domain, the api, the engine's core (`src/engine`, the snapshot's buffer layout
 * included) and the server's worker protocol, and no package but `node:worker_threads`. Never the database, HTTP, the simulator or the
 * app: a worker is a pure function of the shared buffers it is given.
 */
const WORKER_ENTRY = join(root, 'src/server/engine/scan-worker.ts');
const WORKER_MAY_LOAD = [
  /^src\/domain\//,
  /^src\/api\//,
  /^src\/engine\//,
  /^src\/server\/engine\/(scan-worker|worker-protocol)\.ts$/,
];

function workerBoundaryViolations(sources: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  const reached = new Set<string>();
  const pending = [WORKER_ENTRY];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const rel = relative(root, file);
    if (!WORKER_MAY_LOAD.some((allowed) => allowed.test(rel))) found.push(rel);
    // Type-only imports load nothing.
    const text = (sources.get(file) ?? '').replace(/^\s*import\s+type\s[^;]*;/gms, '');
    for (const spec of [...importsOf(text), ...urlsOf(text)]) {
      const target = targetOf(file, spec);
      if (target === null) {
        if (spec !== 'node:worker_threads') found.push(`${rel} → ${spec}`);
      } else if (!reached.has(target)) pending.push(target);
    }
  }
  return found.sort();
}

describe('the scan worker boundary', () => {
  test('a scan worker loads only the domain, the api and the engine', () => {
    expect(workerBoundaryViolations(productSources())).toEqual([]);
  });

  test.each([
    ["import { openDatabase } from '#server/db/database.ts';", 'src/server/db/database.ts'],
    ["import { createSimulatedMarket } from '../market/simulator.ts';", 'src/server/market/simulator.ts'],
    ["import Fastify from 'fastify';", 'src/server/engine/scan-worker.ts → fastify'],
  ])('the check can fail: %s in the worker is caught', (planted, listed) => {
    const sources = productSources();
    sources.set(WORKER_ENTRY, `${planted}\n${sources.get(WORKER_ENTRY) ?? ''}`);
    expect(workerBoundaryViolations(sources)).toContain(listed);
  });
});
