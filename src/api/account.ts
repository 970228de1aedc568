/**
 * Account calls (spec 1 §7, spec 3 §7): the subscription, the user's settings, usage stats.
 * The app imports only the types from here (type imports are erased, so zod stays out of its
 * entry chunk); the server validates with the schemas.
 */
import { z } from 'zod';
import type { PlanId } from '#domain/plans/plan-id.ts';
import type { SubscriptionStatus } from '#domain/plans/subscription-status.ts';

export type { UsageStats } from '#domain/plans/usage-stats.ts';

/** `GET /account/subscription`. */
export interface SubscriptionAnswer {
  /** trial 0, trialEnded 1, premium 2, premiumCancelled 3, premiumEnded 4. */
  status: SubscriptionStatus;
  /** null during (and after) the trial. */
  planId: PlanId | null;
  /** Whole days of access left, rounded down: 0 is the last day. */
  goodUntilDays: number;
  /** Saved scans of the user. */
  scanCount: number;
  /** true exactly once: the first answer after the user signed up. */
  signup: boolean;
  /** The user's public id (payment store, support). */
  guid: string;
  /** Who bills the subscription; null when it cannot be changed or cancelled in the app. */
  processor: string | null;
}

/** A column key of the trade log table (the trade-log column catalogue names them). */
const columnKey = z.string().regex(/^[A-Za-z][\w.[\]-]{0,63}$/, 'Not a column key.');

export const tradesTableSettingsSchema = z.strictObject({
  columnKeys: z.array(columnKey).min(1).max(100),
  sorting: z.strictObject({ key: columnKey, order: z.enum(['asc', 'desc']) }),
  /** Column to group rows by; null = not grouped. */
  grouping: columnKey.nullable(),
});

export const appearanceSettingsSchema = z.strictObject({
  mode: z.enum(['light', 'dark', 'device']),
});

/** The analyze panel's remembered tab (spec 2 §4). */
export const analyzeTabSchema = z.enum(['strategy', 'stock', 'options']);

/** How the screener's scan lists are shown (spec 1 §3, spec 2 §4). */
export const scannerSortingSchema = z.strictObject({
  sortBy: z.enum(['createDate', 'title']),
  onlyWatched: z.boolean(),
  collapsedListIds: z.array(z.union([z.number().int(), z.string().min(1).max(64)])).max(500),
});

export const userSettingsSchema = z.strictObject({
  trades: tradesTableSettingsSchema,
  appearance: appearanceSettingsSchema,
  analyzeTab: analyzeTabSchema,
  scannerSorting: scannerSortingSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * `PATCH /account/settings`: any part of the settings; each object is merged key by key into
 * the stored one. Unknown keys are refused (400 naming them), so a typo never passes silently.
 */
export const userSettingsPatchSchema = z.strictObject({
  trades: tradesTableSettingsSchema.partial().optional(),
  appearance: appearanceSettingsSchema.partial().optional(),
  analyzeTab: analyzeTabSchema.optional(),
  scannerSorting: scannerSortingSchema.partial().optional(),
});
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

export { DEFAULT_USER_SETTINGS } from './default-settings.ts';
