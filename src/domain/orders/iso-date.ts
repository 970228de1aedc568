/** Calendar dates as `YYYY-MM-DD` text, the form contracts carry their expiration in. */
import { DomainError } from '../errors.ts';

export interface IsoDateParts {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
}

/**
 * The parts of a `YYYY-MM-DD` calendar date, null for anything else. What displays use: a date
 * they cannot read shows as given rather than failing the screen, and the app's displays then
 * leave the API's error catalogue (which `isoDateParts` brings) out of their screens' code.
 */
export function parseIsoDate(date: string): IsoDateParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day ? { year, month, day } : null;
}

/** The parts of a date a request brought; anything but a calendar date is a bad request. */
export function isoDateParts(date: string): IsoDateParts {
  const parts = parseIsoDate(date);
  if (!parts) throw new DomainError('BAD_REQUEST', { message: `Not a calendar date: '${date}'.` });
  return parts;
}

/** 0 Sunday … 6 Saturday. */
export function weekday({ year, month, day }: IsoDateParts): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Standard monthly equity options expire on the third Friday of the month. */
export function isThirdFriday(date: IsoDateParts): boolean {
  return weekday(date) === 5 && date.day >= 15 && date.day <= 21;
}

const MONTH_ABBREVIATIONS = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');

/**
 * Upper-case English month abbreviation, 'JAN' … 'DEC'. A table, not Intl: a result list writes
 * one per leg, and a DateTimeFormat made per call cost 20 ms of a phone's first results render.
 */
export function monthAbbreviation(month: number): string {
  const abbreviation = MONTH_ABBREVIATIONS[month - 1];
  if (abbreviation === undefined) throw new RangeError(`month must be 1–12, got ${month}`);
  return abbreviation;
}
