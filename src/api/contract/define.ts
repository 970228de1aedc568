/**
 * How an entry of the HTTP contract is written (`call`), and the types the app's client and the
 * server read from one: its arguments, its answer, its schemas, its error codes. Free of zod at
 * run time: the app's entry chunk holds this module (the shell's map uses `call`).
 */
import type { z } from 'zod';
import type { ErrorCode } from '#domain/errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call carries and answers; types only, never a value. */
export interface CallShapes {
  /** The `:params`' types, when narrower than a string or a number. */
  readonly params?: object;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer's body; `undefined` for 204. */
  readonly answer: unknown;
}

export interface CallEntry<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S = CallShapes,
  E extends ErrorCode = ErrorCode,
> {
  readonly method: M;
  /** Under /api/v1, with `:name` for each parameter, as the server registers it. */
  readonly path: P;
  /**
   * Never set: the shapes, and the codes the call may answer besides those of every call
   * (docs/API.md "Errors"), as types only; so is each error list, which the app's bundle need
   * not carry.
   */
  readonly types?: { readonly shapes: S; readonly errors: E };
}

/** `call<{ body, answer }, 'NOT_FOUND'>()('POST', '/scans/run')`: types first, then the values. */
export const call =
  <S extends CallShapes, E extends ErrorCode = never>() =>
  <const M extends HttpMethod, const P extends string>(method: M, path: P): CallEntry<M, P, S, E> => ({
    method,
    path,
  });

/** Codes of every call that reads a JSON body. */
export type BodyErrors =
  | 'MALFORMED_JSON'
  | 'VALIDATION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE';

/** Any entry, and a feature's map of them. */
export type AnyEntry = CallEntry<HttpMethod, string, CallShapes, ErrorCode>;
export type CallMap = { readonly [name: string]: AnyEntry };

type ShapesOf<E extends AnyEntry> = NonNullable<E['types']>['shapes'];
type SchemaOf<E extends AnyEntry, K extends 'query' | 'body'> =
  ShapesOf<E> extends { [P in K]: infer S } ? S : undefined;
export type EntryQuerySchema<E extends AnyEntry> = SchemaOf<E, 'query'>;
export type EntryBodySchema<E extends AnyEntry> = SchemaOf<E, 'body'>;
/** The answer's body of a call; `undefined` for 204. */
export type EntryAnswer<E extends AnyEntry> = ShapesOf<E>['answer'];
/** The codes a call may answer besides those of every call. */
export type EntryErrors<E extends AnyEntry> = NonNullable<E['types']>['errors'];

type ParamNames<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? K
    : never;
/** A call's path parameters: its `:names`, typed by its shapes or as text or an id. */
type EntryParams<E extends AnyEntry> =
  ShapesOf<E> extends { params: infer T extends object }
    ? T
    : { readonly [K in ParamNames<E['path']>]: string | number };

/** Query values as the app writes them: a number where the server reads text. */
type QueryText<T> = {
  [K in keyof T]: string extends NonNullable<T[K]> ? T[K] | number : T[K];
};

/** What the app sends: the params, query and body the call has, and no others. */
export type EntryArgs<E extends AnyEntry> = ([ParamNames<E['path']>] extends [never]
  ? { readonly params?: never }
  : { readonly params: EntryParams<E> }) &
  (EntryQuerySchema<E> extends z.ZodType
    ? { readonly query: QueryText<z.input<EntryQuerySchema<E>>> }
    : { readonly query?: never }) &
  (EntryBodySchema<E> extends z.ZodType
    ? { readonly body: z.input<EntryBodySchema<E>> }
    : { readonly body?: never });
