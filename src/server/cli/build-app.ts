/** Builds the PWA into dist/ with Vite, always in production mode whatever NODE_ENV says. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function buildApp(root: string): void {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--mode', 'production', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // A test runner sets NODE_ENV=test, which would give React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}
