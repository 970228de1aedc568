/**
 * `npm run dev`: the API server on PORT (8080) and Vite's dev server with hot reload on
 * 5173, which proxies /api, /oidc and /hubs to it. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig, projectRoot } from '../config.ts';
import { startServer, stopOnSignals } from '../main.ts';

/** Vite's dev server, where the app runs under `npm run dev`. */
const VITE_ORIGIN = 'http://localhost:5173';

const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const server = await startServer({
  ...config,
  staticDir: null,
  devTools: true,
  otherAppOrigins: [...config.otherAppOrigins, VITE_ORIGIN],
});
stopOnSignals(server);
const vite = spawn(process.execPath, [join(projectRoot, 'node_modules/vite/bin/vite.js'), '--port', '5173'], {
  cwd: projectRoot,
  stdio: 'inherit',
});
vite.on('exit', (code) => {
  void server.stop().then(() => process.exit(code ?? 0));
});
