/**
 * The screener's writes. They fail at once when offline (`networkMode: 'always'` in the screens):
 * they are not queued for later. After one, refresh the narrowest key (`screenerKeys`).
 */
import { SCREENER_CALLS } from '#api/contract/screener.ts';
import type { ScanPatch, ScanSave, ScanUpdate, UniverseSave } from '#api/screener.ts';
import { apiCaller } from '#app/api/api-caller.ts';

const call = apiCaller(SCREENER_CALLS);

/** The calls behind the screener's writes (docs/API.md, "Screener"). */
export const screenerApi = {
  /** Saves a new scan; `copyOf` duplicates (DUPLICATE, SAVE AS NEW). */
  saveScan: (body: ScanSave) => call('scans.save', { body }),
  updateScan: (id: number, body: ScanUpdate) => call('scans.update', { params: { id }, body }),
  patchScan: (id: number, patch: ScanPatch) => call('scans.patch', { params: { id }, body: patch }),
  deleteScan: (id: number) => call('scans.delete', { params: { id } }),
  setFavorite: (id: number, marked: boolean) =>
    call(marked ? 'scans.favorite' : 'scans.unfavorite', { params: { id } }),
  /** Starts or stops watching; answers the scan's watch (docs/WATCHING.md). */
  setWatch: (id: number, on: boolean) => call(on ? 'scans.watch' : 'scans.unwatch', { params: { id } }),
  createList: (name: string) => call('lists.create', { body: { name } }),
  renameList: (listId: number, name: string) =>
    call('lists.rename', { params: { id: listId }, body: { name } }),
  deleteList: (listId: number) => call('lists.delete', { params: { id: listId } }),
  saveUniverse: (universeId: number | null, body: UniverseSave) =>
    universeId === null
      ? call('universes.save', { body })
      : call('universes.update', { params: { id: universeId }, body }),
  deleteUniverse: (universeId: number) => call('universes.delete', { params: { id: universeId } }),
};
