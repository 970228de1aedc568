/**
 * A throw-away PostgreSQL server for tests: initdb into a temp folder, listen on a loopback
 * port only, trust auth (safe because nothing else can reach it), removed on stop.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinDir } from './system-deps.ts';

export interface TestPostgres {
  readonly url: string;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const root = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: run it as the 'postgres' user, which must own the folder
  // and reach it (mkdtemp under /tmp is traversable).
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  const data = join(root, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(root, 'server.log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c full_page_writes=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
