/**
 * The cancel form's reasons. Ids 1–6 are sent as they are; 7 ('Other') is sent as no reason and
 * the free text says it (domain `cancelRequest`, spec 1 §4).
 */
import { OTHER_CANCEL_REASON_ID } from '#domain/plans/cancellation.ts';

export const CANCEL_REASONS: readonly { readonly id: number; readonly label: string }[] = [
  { id: 1, label: 'Too expensive' },
  { id: 2, label: 'Not using it enough' },
  { id: 3, label: 'Missing features' },
  { id: 4, label: 'Switching to another service' },
  { id: 5, label: 'Technical problems' },
  { id: 6, label: 'Taking a break' },
  { id: OTHER_CANCEL_REASON_ID, label: 'Other' },
];

/** Spec 1 §2: what a cancelled subscription gives up once its period ends. */
export const LOST_ON_CANCEL: readonly string[] = [
  'Excel and Google Sheets integration',
  'Watching scans (alerts)',
  'Enhanced custom strategy scanner (coming soon)',
  'Higher limits: trading accounts, custom strategy legs, saved scans',
];
