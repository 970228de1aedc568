/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once, at
 * the highest levels: the static handler then sends the copy the browser accepts
 * (`preCompressed`, src/server/http/static-app.ts) without compressing on each request.
 * Runs after every other plugin's last step, so the service worker written at the end of the
 * build is compressed too.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map|wasm)$/;
/** Below this a compressed copy saves less than the headers it needs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes the compressed copies of the files under `dir`; a copy not smaller than its file is skipped. */
export function precompressDir(dir: string): { files: number; written: number } {
  let files = 0;
  let written = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    files += 1;
    const copies: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      ],
      ['.gz', gzipSync(bytes, { level: 9 })],
    ];
    for (const [ext, copy] of copies) {
      if (copy.length >= bytes.length) continue;
      writeFileSync(path + ext, copy);
      written += 1;
    }
  }
  return { files, written };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'optionscout:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
