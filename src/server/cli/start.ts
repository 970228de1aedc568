/**
 * `npm start`: builds the PWA when the build is missing or older than its sources, then
 * runs the server. One command on a fresh clone.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, projectRoot } from '../config.ts';
import { startServer, stopOnSignals } from '../main.ts';
import { buildApp } from './build-app.ts';

const APP_SOURCES = [
  'src/app',
  'src/domain',
  'src/api',
  'sw',
  'public',
  'index.html',
  'signin.html',
  'src/server/build',
  'vite.config.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsCurrent(root: string): boolean {
  const stamp = join(root, 'dist', 'index.html');
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return APP_SOURCES.every((p) => newestMtime(join(root, p)) <= built);
}

if (!buildIsCurrent(projectRoot)) {
  console.log('Building the app…');
  buildApp(projectRoot);
}
const server = await startServer(loadConfig());
stopOnSignals(server);
