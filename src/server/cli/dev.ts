/**
 * `npm run dev`: the API server on PORT (8080) and Vite's dev server with hot reload on
 * 5173, which proxies /api, /oidc and /hubs to it. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig, projectRoot } from '../config.ts';
import { startServer, stopOnSignals } from '../main.ts';

const server = await startServer({
  ...loadConfig({ NODE_ENV: 'development', ...process.env }),
  staticDir: null,
});
stopOnSignals(server);
const vite = spawn(process.execPath, [join(projectRoot, 'node_modules/vite/bin/vite.js'), '--port', '5173'], {
  cwd: projectRoot,
  stdio: 'inherit',
});
vite.on('exit', (code) => {
  void server.stop().then(() => process.exit(code ?? 0));
});
