/**
 * System packages the browser and PostgreSQL tests need. As root they are installed from
 * Debian's archive when missing; otherwise the error says exactly what to install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let aptUpdated = false;
function aptInstall(packages: string[]): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}

function ensure(what: string, present: () => boolean, packages: string[]): void {
  if (present()) return;
  if (!isRoot()) {
    throw new Error(`${what} is missing. Install it with: sudo apt-get install -y ${packages.join(' ')}`);
  }
  aptInstall(packages);
  if (!present()) throw new Error(`${what} is still missing after installing ${packages.join(' ')}`);
}

export function ensureChromium(): string {
  ensure('Chromium', () => existsSync(CHROMIUM), ['chromium']);
  return CHROMIUM;
}

/** The folder holding initdb and pg_ctl (Debian keeps them off PATH). */
export function postgresBinDir(): string {
  const find = () => {
    const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
    const dir = r.status === 0 ? r.stdout.trim() : '';
    return dir && existsSync(`${dir}/initdb`) && existsSync(`${dir}/pg_ctl`) ? dir : null;
  };
  ensure('PostgreSQL server', () => find() !== null, ['postgresql']);
  return find() as string;
}
