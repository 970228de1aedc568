/**
 * What goes over the wire compressed, over real HTTP (raw bytes: fetch would decode them):
 * the built app's files as the build's brotli or gzip copies, per the request's
 * `Accept-Encoding`, and the API's larger answers compressed on the fly.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressDir } from '#server/build/precompress.ts';
import { COMPRESS_MIN_BYTES } from '#server/http/compress-answers.ts';
import { authHeaders } from '#tests/support/auth.ts';
import { type InProcessTestServer, startTestServer } from '#tests/support/test-server.ts';

interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One GET, the body as sent (not decoded). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A build's shape: a hashed script, the page, the service worker and the manifest, all compressible text. */
function writeBuild(dir: string): Record<string, Buffer> {
  const line = (i: number) => `export const value${i} = 'text that compresses well, line ${i}';\n`;
  const files: Record<string, Buffer> = {
    'assets/index-Bx3kq9Zt.js': Buffer.from(Array.from({ length: 200 }, (_, i) => line(i)).join('')),
    'index.html': Buffer.from(`<!doctype html><title>app</title>${'<div id="root"></div>\n'.repeat(80)}`),
    'sw.js': Buffer.from(Array.from({ length: 60 }, (_, i) => line(i)).join('')),
    'manifest.webmanifest': Buffer.from(JSON.stringify({ name: 'app', description: 'x'.repeat(1200) })),
  };
  mkdirSync(join(dir, 'assets'));
  for (const [path, bytes] of Object.entries(files)) writeFileSync(join(dir, path), bytes);
  precompressDir(dir);
  return files;
}

describe('the built app, served compressed', () => {
  let appDir: string;
  let files: Record<string, Buffer>;
  let server: InProcessTestServer;
  const asset = '/assets/index-Bx3kq9Zt.js';

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'built-app-'));
    files = writeBuild(appDir);
    server = await startTestServer({ staticDir: appDir });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(appDir, { recursive: true, force: true });
  });

  test('the build step writes a brotli and a gzip copy beside each text file', () => {
    const original = files['assets/index-Bx3kq9Zt.js']!;
    expect(brotliDecompressSync(readFileSync(join(appDir, `${asset}.br`)))).toEqual(original);
    expect(gunzipSync(readFileSync(join(appDir, `${asset}.gz`)))).toEqual(original);
  });

  test('a hashed script asked with Accept-Encoding: br comes back brotli, and decodes to the file', async () => {
    const res = await rawGet(`${server.url}${asset}`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(files['assets/index-Bx3kq9Zt.js']!.length / 3);
    expect(brotliDecompressSync(res.body)).toEqual(files['assets/index-Bx3kq9Zt.js']);
  });

  test('gzip when the browser takes gzip only, and brotli first when it takes both', async () => {
    const gz = await rawGet(`${server.url}${asset}`, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.body)).toEqual(files['assets/index-Bx3kq9Zt.js']);
    const both = await rawGet(`${server.url}${asset}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(both.headers['content-encoding']).toBe('br');
  });

  test('the file as it is when no coding is accepted, still with Vary', async () => {
    for (const headers of [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ] as Record<string, string>[]) {
      const res = await rawGet(`${server.url}${asset}`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toEqual(files['assets/index-Bx3kq9Zt.js']);
    }
  });

  test('a client route gets index.html compressed too', async () => {
    const res = await rawGet(`${server.url}/screener/scan/12`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(res.body)).toEqual(files['index.html']);
  });

  test('hashed assets are cached for a year, immutable, compressed or not', async () => {
    for (const coding of ['br', 'gzip', 'identity']) {
      const res = await rawGet(`${server.url}${asset}`, { 'accept-encoding': coding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test('index.html, the service worker and the manifest are revalidated every time, compressed or not', async () => {
    for (const path of ['/', '/screener', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      for (const coding of ['br', 'gzip', 'identity']) {
        const res = await rawGet(`${server.url}${path}`, { 'accept-encoding': coding });
        expect(res.status, path).toBe(200);
        expect(res.headers['cache-control'], `${path} ${coding}`).toBe('no-cache');
      }
    }
  });
});

describe('API answers', () => {
  let server: InProcessTestServer;
  let auth: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ staticDir: null });
    auth = await authHeaders(server, 'compress@example.com');
  });
  afterAll(async () => server.stop());

  test('a large JSON answer is compressed as the client accepts, and decodes to the same JSON', async () => {
    const plain = await rawGet(`${server.url}/api/v1/universes`, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await rawGet(`${server.url}/api/v1/universes`, { ...auth, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const gz = await rawGet(`${server.url}/api/v1/universes`, { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  test.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['identity', undefined],
    ['deflate, *;q=0', undefined],
  ])('Accept-Encoding %s: %s', async (accept, coding) => {
    const res = await rawGet(`${server.url}/api/v1/universes`, { ...auth, 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
  });

  test('a small answer goes as it is', async () => {
    const res = await rawGet(`${server.url}/api/v1/health`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('status');
  });
});
