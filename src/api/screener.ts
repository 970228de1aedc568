/**
 * The screener's stored things (spec 2 §3.3–§3.5, §5, §7; spec 3 §3, §7): request schemas for
 * scans, scan lists and universes. The answer shapes and limits are in `screener-model.ts`
 * (no zod there, so the app imports them freely); the scan definition's own fields (strategy,
 * legs, ratio, sorting, calculation settings, columns) are the run call's, from `scans.ts`.
 *
 * Calls (docs/API.md, "Screener"):
 *   GET /lists[?includeCustomLists=true]   POST /lists   PATCH /lists/{id}   DELETE /lists/{id}
 *   POST /scans   GET|PUT|PATCH|DELETE /scans/{id}   POST /scans/{id}/duplicate
 *   PUT|DELETE /scans/{id}/favorite   GET /scans/tags
 *   GET /universes   PATCH /universes   PATCH /universes/{id}   DELETE /universes/{id}
 */
import { z } from 'zod';
import { SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { idSchema } from './ids.ts';
import { scanDefinitionSchema } from './scans.ts';
import {
  LIST_NAME_MAX,
  SCAN_DESCRIPTION_MAX,
  SCAN_TITLE_MAX,
  UNIVERSE_NAME_MAX,
  UNIVERSE_SYMBOLS_MAX,
} from './screener-model.ts';

export * from './screener-model.ts';

const title = z
  .string()
  .trim()
  .max(SCAN_TITLE_MAX, `The title can have at most ${SCAN_TITLE_MAX} characters.`);
const description = z
  .string()
  .max(SCAN_DESCRIPTION_MAX, `The description can have at most ${SCAN_DESCRIPTION_MAX} characters.`);

/**
 * `POST /scans` (save as new) and `PUT /scans/{id}` (update): the scan definition as the run call
 * takes it, plus title and description. Everything is optional: `POST /scans {}` saves the
 * default new scan (covered call, its default filters and sorting, 'Untitled Scan'). Omitted
 * `filters`, `sorting`, `calculationSettings` or `columns` take the strategy's defaults on a new
 * scan and keep the stored ones on an update. `page` and `cacheId` are accepted (so the scan page
 * can send its state as it is) and ignored. `copyOf` names the scan this one is a copy of (SAVE AS
 * NEW, DUPLICATE with changes): its tags are copied.
 */
export const scanSaveSchema = scanDefinitionSchema
  .pick({
    legs: true,
    ratio: true,
    sorting: true,
    calculationSettings: true,
    narrowedToSymbol: true,
    columns: true,
    page: true,
    cacheId: true,
  })
  .extend({
    strategy: z.enum(SCREENER_STRATEGY_KEYS).optional(),
    filters: scanDefinitionSchema.shape.filters.removeDefault().optional(),
    title: title.nullish(),
    description: description.nullish(),
    copyOf: idSchema.nullish(),
  });
export type ScanSave = z.input<typeof scanSaveSchema>;

/** `PUT /scans/{id}`: as a save, without `copyOf`. */
export const scanUpdateSchema = scanSaveSchema.omit({ copyOf: true });
export type ScanUpdate = z.input<typeof scanUpdateSchema>;

/**
 * `PATCH /scans/{id}`: the card's edits, each optional: the title (renaming saves at once; blank
 * becomes 'Untitled Scan'), the description, the list the scan lives in (moving it), its tags.
 */
export const scanPatchSchema = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    listId: idSchema.optional(),
    tagIds: z.array(idSchema).max(20).optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'Nothing to change.');
export type ScanPatch = z.input<typeof scanPatchSchema>;

/** `GET /lists?includeCustomLists=true` adds the user's own lists to the fixed ones. */
export const listsQuerySchema = z.strictObject({
  includeCustomLists: z.enum(['true', 'false', '1', '0', '']).optional(),
});

/**
 * `POST /lists`, `PATCH /lists/{id}`. The name is trimmed; blank is LIST_EMPTY_NAME (spec 2 §5),
 * so the schema only bounds its length.
 */
export const listNameSchema = z.strictObject({
  name: z.string().max(LIST_NAME_MAX, `A list name can have at most ${LIST_NAME_MAX} characters.`),
});
export type ListNameInput = z.input<typeof listNameSchema>;

/**
 * `PATCH /universes` (create) and `PATCH /universes/{id}` (update). The name is trimmed and
 * required; symbols are text split on commas, semicolons and spaces (or a list), upper-cased
 * and de-duplicated, and required. `universe_id`, when sent to the second call, must match
 * the path; sent to the first, it updates that universe (the spec's single save call).
 */
export const universeSaveSchema = z.strictObject({
  universe_id: idSchema.nullish(),
  name: z
    .string()
    .trim()
    .min(1, 'Name is required.')
    .max(UNIVERSE_NAME_MAX, `Name can have at most ${UNIVERSE_NAME_MAX} characters.`),
  symbols: z.union([
    z.string().max(UNIVERSE_SYMBOLS_MAX * 13),
    z.array(z.string().max(64)).max(UNIVERSE_SYMBOLS_MAX),
  ]),
});
export type UniverseSave = z.input<typeof universeSaveSchema>;
