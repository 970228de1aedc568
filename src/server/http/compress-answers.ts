/**
 * Compresses the API's larger answers (a scan page, a trade list, a CSV export) with brotli or
 * gzip, whichever the client accepts: JSON shrinks to a fifth or less, which on a phone's
 * connection is most of the wait. Small answers go as they are: below the threshold the
 * compression's headers and CPU cost more than they save. The built app's files are compressed
 * once at build time instead (src/server/build/precompress.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Answers at least this long (bytes) are compressed. */
export const COMPRESS_MIN_BYTES = 1024;
// The device snapshot too: its columns of zeros, NaNs and repeated values shrink to a fraction.
const COMPRESSIBLE_TYPE =
  /^(?:application\/(?:json|[\w.+-]+\+json|vnd\.optionscout\.market-snapshot)|text\/)/;

export type ContentCoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The coding to answer in for an `Accept-Encoding` header, or null for none: brotli before gzip
 * at equal preference, `q=0` refuses a coding, and `*` stands for every coding not named.
 */
export function negotiateEncoding(header: string | undefined): ContentCoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name) weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<ContentCoding | null>(
    (chosen, coding) => (weightOf(coding) > (chosen ? weightOf(chosen) : 0) ? coding : chosen),
    null,
  );
  return best;
}

function compressible(
  request: FastifyRequest,
  contentType: unknown,
  payload: unknown,
): payload is string | Buffer {
  if (request.method === 'HEAD') return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (typeof contentType !== 'string' || !COMPRESSIBLE_TYPE.test(contentType)) return false;
  return Buffer.byteLength(payload) >= COMPRESS_MIN_BYTES;
}

/** Compresses every answer of `scope` that is text or JSON and at least COMPRESS_MIN_BYTES long. */
export function installAnswerCompression(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding')) return payload;
    if (!compressible(request, reply.getHeader('content-type'), payload)) return payload;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'Accept-Encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
    const coding = negotiateEncoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    const compressed =
      coding === 'br'
        ? // Quality 5: most of brotli's gain at a small part of its top level's time.
          await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
