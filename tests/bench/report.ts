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

/**
 * Starts counting the CPU time the host stole from this virtual machine (/proc/stat); the returned
 * function gives its share of all CPU time since, or null where the kernel does not report it.
 * A run with much stolen time is slower than the machine: the figure says how far to trust it.
 */
export function stealMeter(): () => number | null {
  const read = (): number[] | null => {
    if (!existsSync('/proc/stat')) return null;
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    return fields.length >= 8 ? fields : null;
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end) return null;
    // user nice system idle iowait irq softirq steal (guest time is counted in user already).
    const delta = end.slice(0, 8).map((x, i) => x - start[i]!);
    const total = delta.reduce((a, b) => a + b, 0);
    return total > 0 ? delta[7]! / total : null;
  };
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
