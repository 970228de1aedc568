/**
 * The screener: running scans, saved scans, lists, universes and the CSV exports.
 * Entries of the HTTP contract (`../contract.ts`).
 */
import type {
  ScanExportKind,
  ScanFiltersAnswer,
  ScanRunAnswer,
  scanDefinitionSchema,
  scanExportFormSchema,
  scanFiltersQuerySchema,
} from '../scans.ts';
import type {
  listNameSchema,
  listsQuerySchema,
  scanPatchSchema,
  scanSaveSchema,
  scanUpdateSchema,
  universeSaveSchema,
} from '../screener.ts';
import type {
  ListsAnswer,
  SavedList,
  SavedScanAnswer,
  Scan,
  ScanTag,
  ScanWatch,
  Universe,
} from '../screener-model.ts';
import { type BodyErrors, call } from './define.ts';

type ScanRunErrors = BodyErrors | 'PLAN_LIMIT_REACHED' | 'TIMEOUT' | 'CANCELLED' | 'RATE_LIMITED';
type ScanSaveErrors = BodyErrors | 'NOT_FOUND' | 'PLAN_LIMIT_REACHED' | 'READ_ONLY';
/** The form carries the token, so these are the export's own, not the header check's. */
type ExportErrors = ScanRunErrors | 'UNAUTHORIZED' | 'SUBSCRIPTION_ENDED';

const scanExport = call<{ body: typeof scanExportFormSchema; answer: string }, ExportErrors>();

export const SCREENER_CALLS = {
  'scans.run': call<{ body: typeof scanDefinitionSchema; answer: ScanRunAnswer }, ScanRunErrors>()(
    'POST',
    '/scans/run',
  ),
  'scans.filters': call<
    { query: typeof scanFiltersQuerySchema; answer: ScanFiltersAnswer },
    'VALIDATION_FAILED'
  >()('GET', '/scans/filters'),
  'scans.tags': call<{ answer: ScanTag[] }>()('GET', '/scans/tags'),
  'scans.save': call<{ body: typeof scanSaveSchema; answer: SavedScanAnswer }, ScanSaveErrors>()(
    'POST',
    '/scans',
  ),
  'scans.get': call<{ answer: Scan }, 'NOT_FOUND'>()('GET', '/scans/:id'),
  'scans.update': call<{ body: typeof scanUpdateSchema; answer: SavedScanAnswer }, ScanSaveErrors>()(
    'PUT',
    '/scans/:id',
  ),
  'scans.patch': call<{ body: typeof scanPatchSchema; answer: Scan }, ScanSaveErrors>()(
    'PATCH',
    '/scans/:id',
  ),
  'scans.delete': call<{ answer: undefined }, 'NOT_FOUND' | 'READ_ONLY'>()('DELETE', '/scans/:id'),
  'scans.favorite': call<{ answer: undefined }, 'NOT_FOUND'>()('PUT', '/scans/:id/favorite'),
  'scans.unfavorite': call<{ answer: undefined }, 'NOT_FOUND'>()('DELETE', '/scans/:id/favorite'),
  'scans.watch': call<{ answer: ScanWatch }, 'NOT_FOUND' | 'PLAN_LIMIT_REACHED' | 'RATE_LIMITED'>()(
    'PUT',
    '/scans/:id/watch',
  ),
  'scans.unwatch': call<{ answer: ScanWatch }, 'NOT_FOUND'>()('DELETE', '/scans/:id/watch'),
  'scans.exportUnderlyingsPage': scanExport('POST', '/export/underlyings_page'),
  'scans.exportUnderlyingsAll': scanExport('POST', '/export/underlyings_all'),
  'scans.exportOptionsAll': scanExport('POST', '/export/options_all'),
  'lists.list': call<{ query: typeof listsQuerySchema; answer: ListsAnswer }, 'VALIDATION_FAILED'>()(
    'GET',
    '/lists',
  ),
  'lists.create': call<
    { body: typeof listNameSchema; answer: SavedList },
    BodyErrors | 'LIST_EMPTY_NAME' | 'LIST_DUPLICATE_NAME'
  >()('POST', '/lists'),
  'lists.rename': call<
    { body: typeof listNameSchema; answer: SavedList },
    BodyErrors | 'NOT_FOUND' | 'LIST_EMPTY_NAME' | 'LIST_DUPLICATE_NAME' | 'READ_ONLY'
  >()('PATCH', '/lists/:id'),
  'lists.delete': call<{ answer: undefined }, 'NOT_FOUND' | 'READ_ONLY'>()('DELETE', '/lists/:id'),
  'universes.list': call<{ answer: Universe[] }>()('GET', '/universes'),
  'universes.save': call<
    { body: typeof universeSaveSchema; answer: Universe },
    BodyErrors | 'NOT_FOUND' | 'UNIVERSE_DUPLICATE_NAME'
  >()('PATCH', '/universes'),
  'universes.update': call<
    { body: typeof universeSaveSchema; answer: Universe },
    BodyErrors | 'NOT_FOUND' | 'UNIVERSE_DUPLICATE_NAME'
  >()('PATCH', '/universes/:id'),
  'universes.delete': call<{ answer: undefined }, 'NOT_FOUND' | 'UNIVERSE_USED_IN_SCANS'>()(
    'DELETE',
    '/universes/:id',
  ),
} as const;

/** The CSV exports' calls by kind (the page's rows, every ticker, every option). */
export const SCAN_EXPORT_CALLS = {
  underlyings_page: 'scans.exportUnderlyingsPage',
  underlyings_all: 'scans.exportUnderlyingsAll',
  options_all: 'scans.exportOptionsAll',
} as const satisfies Record<ScanExportKind, keyof typeof SCREENER_CALLS>;
