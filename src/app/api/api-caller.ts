/**
 * The features' calls: a caller bound to a feature's map of the HTTP contract fills the entry's
 * path with the call's params and query and answers the entry's answer type. Outside the entry
 * chunk: only screens' modules import it.
 */
import type { CallMap, EntryAnswer, EntryArgs } from '#api/contract/define.ts';
import { type CallParts, filledPath } from '#api/contract/filled-path.ts';
import { type ApiRequest, apiRequest } from './client.ts';

/** The request of a call: its entry's method, its path with the params and query filled in. */
export function requestOf<M extends CallMap, N extends keyof M & string>(
  calls: M,
  name: N,
  args: EntryArgs<M[N]>,
): ApiRequest {
  const entry = calls[name]!;
  const parts: CallParts = args;
  return { method: entry.method, path: filledPath(entry, parts), body: parts.body };
}

/**
 * The caller of a feature's calls: `call(name, { params, query, body }, signal)` answers the
 * entry's answer. A name, param or field the map does not have is a type error.
 */
export const apiCaller =
  <M extends CallMap>(calls: M) =>
  <N extends keyof M & string>(
    name: N,
    args: EntryArgs<M[N]>,
    signal?: AbortSignal,
  ): Promise<EntryAnswer<M[N]>> => {
    return apiRequest<EntryAnswer<M[N]>>(requestOf(calls, name, args), signal);
  };
