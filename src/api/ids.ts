/** The ids' zod schemas; the rule itself is in `canonical-id.ts`. */
import { z } from 'zod';
import { MAX_ID, parseId } from './canonical-id.ts';

export { MAX_ID, parseId };

const NOT_AN_ID = 'Not an id: a whole number from 1, digits only.';

/** An id sent as a JSON number. */
export const idSchema = z.number().int(NOT_AN_ID).min(1, NOT_AN_ID).max(MAX_ID, NOT_AN_ID);

/** An id written in a path or a query string. */
export const idTextSchema = z.string().transform((text, ctx) => {
  const id = parseId(text);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: NOT_AN_ID });
    return z.NEVER;
  }
  return id;
});
