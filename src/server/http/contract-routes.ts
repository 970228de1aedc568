/**
 * Registers the API's routes from the HTTP contract (`#api/contract.ts`): the method and path come
 * from the call's entry, the handler's answer is typed by it, and its query and body are parsed
 * with the call's schemas (`#api/contract-schemas.ts`) when the handler asks for them, so each
 * route keeps the order of its checks (a path's unknown id answers 404 before its body is read).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import {
  type Answer,
  type BodySchemaOf,
  type CallName,
  HTTP_CONTRACT,
  type QuerySchemaOf,
} from '#api/contract.ts';
import { schemasOf } from '#api/contract-schemas.ts';
import { parseInput } from './errors.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A call's query and body, each validated when read: a failure answers 400 VALIDATION_FAILED. */
export interface CallInput<N extends CallName> {
  query(): Parsed<QuerySchemaOf<N>>;
  body(): Parsed<BodySchemaOf<N>>;
}

export type CallHandler<N extends CallName> = (
  request: FastifyRequest,
  reply: FastifyReply,
  input: CallInput<N>,
) => Promise<Answer<N> | FastifyReply> | Answer<N> | FastifyReply;

/** The input of `request` read as the call `name` (a route that serves two calls reads either). */
export function inputOf<N extends CallName>(name: N, request: FastifyRequest): CallInput<N>;
// The contract's `satisfies` ties each name to its schemas; this signature only carries the types.
export function inputOf(name: CallName, request: FastifyRequest): { query(): unknown; body(): unknown } {
  const { query, body } = schemasOf(name);
  return {
    query: () => (query ? parseInput(query, request.query, 'query') : undefined),
    body: () => (body ? parseInput(body, request.body) : undefined),
  };
}

/** Same method and path, whatever the `:param` names: one server route. */
const routeKey = (name: CallName): string =>
  `${HTTP_CONTRACT[name].method} ${HTTP_CONTRACT[name].path.replace(/:\w+/g, ':')}`;

/**
 * Registers the route of the call `names` (or of several calls that share one method and path,
 * such as `GET /trades/:id`: a view's positions or an order).
 */
export function route<N extends CallName>(
  app: FastifyInstance,
  names: N | readonly [N, ...N[]],
  options: RouteShorthandOptions,
  handler: CallHandler<N>,
): void {
  const [first, ...others] = typeof names === 'string' ? [names] : names;
  const mismatch = others.find((other) => routeKey(other) !== routeKey(first));
  if (mismatch) throw new Error(`${mismatch} does not share the route of ${first}.`);
  const { method, path } = HTTP_CONTRACT[first];
  app.route({
    ...options,
    method,
    url: path,
    handler: (request, reply) => handler(request, reply, inputOf(first, request)),
  });
}
