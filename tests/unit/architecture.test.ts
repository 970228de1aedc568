/**
 * The dependency rule of docs/ARCHITECTURE.md, enforced: domain imports nothing but itself
 * (no packages, no Node, no React); api only domain (and zod); server and app use domain and
 * api but never each other; the service worker uses nothing of the app.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
type Layer = 'domain' | 'api' | 'server' | 'app' | 'sw';

const LAYER_DIRS: Record<Layer, string> = {
  domain: 'src/domain',
  api: 'src/api',
  server: 'src/server',
  app: 'src/app',
  sw: 'sw',
};

const ALLOWED: Record<Layer, { layers: Layer[]; packages: RegExp | null }> = {
  domain: { layers: ['domain'], packages: null },
  api: { layers: ['domain', 'api'], packages: /^zod$/ },
  server: { layers: ['domain', 'api', 'server'], packages: /./ },
  app: { layers: ['domain', 'api', 'app'], packages: /^(?!node:)/ },
  sw: { layers: ['sw', 'api'], packages: /^workbox-/ },
};

function sourceFiles(dir: string): string[] {
  const abs = join(root, dir);
  return readdirSync(abs).flatMap((name) => {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) return sourceFiles(relative(root, path));
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g),
  ];
  return specs.map((m) => m[1] ?? '');
}

function layerOf(absPath: string): Layer | 'outside' {
  const rel = relative(root, absPath);
  for (const [layer, dir] of Object.entries(LAYER_DIRS) as [Layer, string][]) {
    if (rel === dir || rel.startsWith(`${dir}/`)) return layer;
  }
  return 'outside';
}

function violations(layer: Layer): string[] {
  const rule = ALLOWED[layer];
  const found: string[] = [];
  for (const file of sourceFiles(LAYER_DIRS[layer])) {
    for (const spec of importsOf(file)) {
      const where = `${relative(root, file)} → ${spec}`;
      if (spec.startsWith('.')) {
        const target = layerOf(resolve(dirname(file), spec));
        if (target === 'outside' || !rule.layers.includes(target)) found.push(where);
      } else if (!rule.packages?.test(spec)) {
        found.push(where);
      }
    }
  }
  return found;
}

describe('dependency rule', () => {
  test.each(Object.keys(LAYER_DIRS) as Layer[])('%s imports only what it may', (layer) => {
    expect(violations(layer)).toEqual([]);
  });

  test('the rule can fail: a server import from the app is caught', () => {
    const spec = '../../server/app.ts';
    const target = layerOf(resolve(root, 'src/app/api', spec));
    expect(ALLOWED.app.layers.includes(target as Layer)).toBe(false);
  });
});
