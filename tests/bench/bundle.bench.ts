/**
 * `npm run bench:bundle`: the JavaScript a phone must download before the first paint — the
 * entry script plus every chunk index.html preloads — gzip-compressed at level 9, against the
 * 200 KB budget. Builds first so the figure matches the sources.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '#server/cli/build-app.ts';
import { machineLine, writeBenchSection } from './report.ts';

const root = join(import.meta.dirname, '../..');
const BUDGET_KB = 200;

export function initialScripts(indexHtml: string): string[] {
  const entry = [...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  const preloads = [...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  return [...new Set([...entry, ...preloads])].filter(Boolean);
}

if (import.meta.main) {
  buildApp(root);
  const dist = join(root, 'dist');
  const files = initialScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const bytes = readFileSync(join(dist, f));
    raw += statSync(join(dist, f)).size;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  const verdict = gz / 1024 <= BUDGET_KB ? 'within' : 'OVER';
  const md = [
    '## Initial JavaScript (`npm run bench:bundle`)',
    '',
    `Machine: ${machineLine()}`,
    '',
    '| scripts loaded before first paint | raw | gzip -9 | budget |',
    '|---|---|---|---|',
    `| ${files.length} (entry + modulepreload) | ${kb(raw)} KiB | **${kb(gz)} KiB** | ${BUDGET_KB} KB (${verdict}) |`,
  ].join('\n');
  writeBenchSection('bundle', md);
  console.log(md);
  if (verdict === 'OVER') process.exitCode = 1;
}
