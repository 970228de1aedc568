/**
 * The text rule (docs/API.md "Text"): no string a request carries, in its path, query or body,
 * values or keys, may hold a NUL character or half of a surrogate pair. No database column
 * stores the first, and UTF-8 cannot encode the second (PostgreSQL would store U+FFFD in a text
 * column and refuse it in a JSON one). One hook checks every route, the ones added later too,
 * before any handler or schema sees the input: 400 VALIDATION_FAILED naming each field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '#domain/errors.ts';

/** A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_RULE_MESSAGE = 'Text cannot contain a NUL character or an unpaired surrogate.';

/** The paths (`body.a.0.b`) of every string under `value`, key or value, that breaks the rule. */
export function unstorableText(value: unknown, root: string): string[] {
  const found: string[] = [];
  // Iterative: a deeply nested body must not exhaust the stack.
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) found.push(path);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = `${path}.${key}`;
        if (UNSTORABLE.test(key)) found.push(childPath);
        pending.push([child, childPath]);
      }
    }
  }
  return found;
}

function checkRequest(request: FastifyRequest): void {
  const paths = [
    ...unstorableText(request.params, 'path'),
    ...unstorableText(request.query, 'query'),
    ...unstorableText(request.body, 'body'),
  ];
  if (paths.length === 0) return;
  const details = Object.fromEntries(paths.map((path) => [path, TEXT_RULE_MESSAGE]));
  throw new DomainError('VALIDATION_FAILED', {
    message: `Invalid text: ${paths.join(', ')}`,
    details: details,
  });
}

/** Registered on the root instance before any route, so every route inherits it. */
export function installTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequest(request));
}
