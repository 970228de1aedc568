/**
 * Screener test helpers: saving scans, reading lists and universes as a signed-in client.
 *
 *   const scan = await saveScan(alice, { strategy: 'naked_put', title: 'Puts' });
 *   const saved = listOf(await lists(alice), ListRole.Saved);
 */
import type {
  ListRole,
  ListsAnswer,
  SavedScanAnswer,
  Scan,
  ScanList,
  Universe,
} from '#api/screener-model.ts';
import type { SignedInClient } from './auth.ts';
import { json } from './trades.ts';

/** The gallery's tags in the spec's checkbox order (spec 2, All Scans). */
export const GALLERY_TAG_NAMES = [
  'Income',
  'Bullish',
  'Bearish',
  'Neutral',
  'Volatility',
  'Earnings',
  'Hedging',
  'High Probability',
  'Low Cost',
  'ETFs',
];

export interface ApiFailure {
  code: string;
  message: string;
  details?: Record<string, string>;
}

const send = (client: SignedInClient, method: string, path: string, body?: unknown) =>
  client.request(`/api/v1${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

export const call = send;

async function expectStatus<T>(res: Response, status: number, what: string): Promise<T> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return json<T>(res);
}

export async function saveScan(client: SignedInClient, body: unknown = {}): Promise<SavedScanAnswer> {
  return expectStatus(await send(client, 'POST', '/scans', body), 201, 'saving a scan');
}

export async function getScan(client: SignedInClient, id: number): Promise<Scan> {
  return expectStatus(await send(client, 'GET', `/scans/${id}`), 200, `scan ${id}`);
}

export async function lists(client: SignedInClient, includeCustomLists = true): Promise<ScanList[]> {
  const path = includeCustomLists ? '/lists?includeCustomLists=true' : '/lists';
  return (await expectStatus<ListsAnswer>(await send(client, 'GET', path), 200, 'lists')).lists;
}

/** The fixed list of a role, or the custom list of a name. */
export function listOf(all: readonly ScanList[], which: ListRole | string): ScanList {
  const found = all.find((l) => (typeof which === 'string' ? l.name === which : l.role === which));
  if (!found) throw new Error(`no list ${which} in ${all.map((l) => l.name).join(', ')}`);
  return found;
}

export async function universes(client: SignedInClient): Promise<Universe[]> {
  return expectStatus(await send(client, 'GET', '/universes'), 200, 'universes');
}

export async function saveUniverse(client: SignedInClient, name: string, symbols: string): Promise<Universe> {
  return expectStatus(await send(client, 'PATCH', '/universes', { name, symbols }), 200, `universe ${name}`);
}

/** The failure body of a response that must have `status`. */
export async function failure(res: Response, status: number): Promise<ApiFailure> {
  return expectStatus<ApiFailure>(res, status, 'expected failure');
}
