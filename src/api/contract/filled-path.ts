/**
 * A call's path with its parameters and query filled in. Its own module so the app's entry chunk,
 * whose shell calls carry neither, does not hold it.
 */
import type { AnyEntry } from './define.ts';

/** Any call's arguments, as `filledPath` reads them. */
export interface CallParts {
  readonly params?: object;
  readonly query?: object;
  readonly body?: unknown;
}

/** The entry's path with its parameters filled in (percent-encoded), and the query string. */
export function filledPath(entry: AnyEntry, { params = {}, query = {} }: CallParts): string {
  const values = new Map(Object.entries(params));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) search.append(key, String(value));
  const text = search.toString();
  const path = entry.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values.get(key))));
  return text ? `${path}?${text}` : path;
}
