/**
 * Writes one benchmark's results into its own section of docs/BENCHMARKS.md, between
 * `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, so every `npm run bench:*` refreshes
 * only its part and the rest of the file stays hand-written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

const FILE = new URL('../../docs/BENCHMARKS.md', import.meta.url);

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}`;
}

export function writeBenchSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, next);
}

/** Median and p95 of a list of timings (any unit). */
export function percentiles(samples: readonly number[]): { p50: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}
