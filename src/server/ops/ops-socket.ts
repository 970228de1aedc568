/**
 * The operator's way into a running server: a Unix socket at `DATA_DIR/ops.sock`, mode 0600
 * (only the account that runs the server can use it; nothing on the network can). One
 * request per connection: a JSON line `{"args": [...]}` in, a JSON line `{ok, lines}` out.
 * The embedded PGlite database allows one process, so the operator command must go through
 * here while the server runs.
 */
import { existsSync, unlinkSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { OpsResult } from './commands.ts';

export const OPS_SOCKET_FILE = 'ops.sock';
/** Linux's limit on a socket path (sun_path), less the terminating NUL. */
const MAX_SOCKET_PATH = 107;
const MAX_REQUEST_BYTES = 64 * 1024;

export const opsSocketPath = (dataDir: string) => join(dataDir, OPS_SOCKET_FILE);

function readLine(socket: Socket, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end >= 0) resolve(buffer.slice(0, end));
      else if (buffer.length > limit) reject(new Error('request too large'));
    });
    socket.on('end', () => resolve(buffer));
    socket.on('close', () => resolve(buffer));
    socket.on('error', reject);
  });
}

/** True when a server answers on the socket (a stale file from a crash answers nothing). */
function isLive(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface OpsListener {
  close(): Promise<void>;
}

/**
 * Listens for operator commands. Refuses to start when another live server already owns the
 * socket: two servers on one DATA_DIR would corrupt the embedded database.
 */
export async function listenForOps(
  dataDir: string,
  run: (args: string[]) => Promise<OpsResult>,
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<OpsListener | null> {
  const path = opsSocketPath(dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    log.warn({ path }, 'DATA_DIR path too long for the ops socket; `npm run ops` will not reach this server');
    return null;
  }
  if (existsSync(path)) {
    if (await isLive(path))
      throw new Error(`Another server is running on DATA_DIR ${dataDir} (${path} answers).`);
    unlinkSync(path);
  }
  const server = createServer((socket) => {
    void (async () => {
      let result: OpsResult;
      try {
        const line = await readLine(socket, MAX_REQUEST_BYTES);
        // A liveness probe (another server starting on this DATA_DIR) connects and says nothing.
        if (!line.trim()) {
          socket.end();
          return;
        }
        const request = JSON.parse(line) as { args?: unknown };
        const args = Array.isArray(request.args) ? request.args.map(String) : [];
        result = await run(args);
      } catch (err) {
        log.error({ err }, 'ops command failed');
        result = { ok: false, lines: [`Failed: ${err instanceof Error ? err.message : String(err)}`] };
      }
      socket.end(`${JSON.stringify(result)}\n`);
    })();
  });
  // Owner-only from the first moment: the umask covers the gap before chmod.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, resolve);
    });
  } finally {
    process.umask(umask);
  }
  await chmod(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (existsSync(path)) unlinkSync(path);
      }),
  };
}

/**
 * Sends a command to the server running on `dataDir`; null when none runs there (no socket, or
 * a stale one), so the caller can work on the database directly.
 */
export async function sendOpsCommand(dataDir: string, args: readonly string[]): Promise<OpsResult | null> {
  const path = opsSocketPath(dataDir);
  if (!existsSync(path)) return null;
  const socket = createConnection(path);
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  if (!connected) return null;
  socket.write(`${JSON.stringify({ args })}\n`);
  const answer = await readLine(socket, Number.POSITIVE_INFINITY);
  socket.destroy();
  return JSON.parse(answer) as OpsResult;
}
