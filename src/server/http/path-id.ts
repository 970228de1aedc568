/**
 * The `:id` of a route's path. Anything but a canonical id (docs/API.md "Ids") names no item:
 * 404, the same answer as an id that is not the caller's, so `/lists/0x10` never reaches list 16.
 */
import type { FastifyRequest } from 'fastify';
import { parseId } from '#api/ids.ts';
import { notFound } from '#domain/errors.ts';

export function pathId(request: FastifyRequest, what: string): number {
  const id = parseId((request.params as { id?: unknown }).id);
  if (id === null) throw notFound(what);
  return id;
}
