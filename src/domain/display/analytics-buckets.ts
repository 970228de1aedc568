/**
 * Buckets for analytics events (spec 1 §9), so events carry coarse values: scan counts 0 to 4
 * and '5+'; trial days left at the milestones ≤1, ≤3, ≤7 and ≥14. Days 8 to 13 are no
 * milestone and give null (no event).
 */

export type ScanCountBucket = '0' | '1' | '2' | '3' | '4' | '5+';
export type DaysLeftBucket = '<=1' | '<=3' | '<=7' | '>=14';

export function scanCountBucket(count: number): ScanCountBucket {
  if (count >= 5) return '5+';
  return String(Math.max(0, Math.floor(count))) as ScanCountBucket;
}

export function daysLeftBucket(days: number): DaysLeftBucket | null {
  if (days <= 1) return '<=1';
  if (days <= 3) return '<=3';
  if (days <= 7) return '<=7';
  return days >= 14 ? '>=14' : null;
}
