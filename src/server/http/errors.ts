/**
 * Turns every failure into the API's `{ code, message, details? }` body with the right
 * status. Bad input never becomes a 500: Fastify's own client errors (malformed JSON,
 * wrong content type, oversized body, a path its router cannot decode) keep their 4xx status
 * and get a code here, and so do the connection errors Node answers before Fastify sees a
 * request (headers too large).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { z } from 'zod';
import type { ApiError } from '#api/errors.ts';
import { DomainError, type ErrorCode, errorMessage } from '#domain/errors.ts';
import { errorStatus } from './error-status.ts';

/** Parses `value` with a zod schema; a failure is a 400 naming every failing field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where = 'body'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // An unknown key is reported on its parent object: name the key itself.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [null];
    for (const key of keys) {
      const path = [where, ...issue.path.map(String), ...(key === null ? [] : [key])].join('.');
      details[path] ??= key === null ? issue.message : 'Unknown field.';
    }
  }
  throw new DomainError('VALIDATION_FAILED', {
    message: `Invalid ${where}: ${Object.keys(details).join(', ')}`,
    details,
  });
}

/** Codes for Fastify's own 4xx errors (see fastify/lib/errors.js). */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_RATE_LIMITED: 'RATE_LIMITED',
  // The router's: a path that is not valid percent-encoded UTF-8, a parameter past maxParamLength.
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

function toApiError(error: FastifyError | Error, requestId: string): { status: number; body: ApiError } {
  if (error instanceof DomainError) {
    return {
      status: errorStatus(error.code),
      body: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: { ...error.details } } : {}),
      },
    };
  }
  const fe = error as FastifyError;
  // JSON.parse errors thrown by the body parser arrive as SyntaxError with statusCode 400.
  const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 ? fe.statusCode : 500;
  // Anything else is a defect: logged with the request id, which the answer names for support.
  if (status >= 500)
    return { status: 500, body: { code: 'INTERNAL', message: errorMessage('INTERNAL'), requestId } };
  const code: ErrorCode =
    (fe.code && FASTIFY_CODES[fe.code]) || (error instanceof SyntaxError ? 'MALFORMED_JSON' : 'BAD_REQUEST');
  return { status, body: { code, message: error.message } };
}

function sendApiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toApiError(error, request.id);
  if (status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
  else request.log.info({ code: body.code, status }, body.message);
  return reply.status(status).type('application/json').send(body);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendApiError);
}

/** The connection errors Node reports before there is a request, by their Node code. */
const CONNECTION_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * Answers a connection error (headers too large, a request not sent in time, bytes that are no
 * HTTP) with the API's error body, as Fastify's default handler does with its own, then closes.
 */
function answerConnectionError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = (error.code && CONNECTION_CODES[error.code]) || 'BAD_REQUEST';
  const status = errorStatus(code);
  const body = JSON.stringify({ code, message: errorMessage(code) } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify options that route its router's errors (`frameworkErrors`) and Node's connection
 * errors through the same error bodies; spread into the `Fastify()` call.
 */
export const ERROR_BODY_OPTIONS = {
  frameworkErrors: sendApiError,
  clientErrorHandler: answerConnectionError,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
