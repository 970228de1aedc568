/** Calendar dates as `YYYY-MM-DD` text, the form contracts carry their expiration in. */
import { DomainError } from '../errors.ts';

export interface IsoDateParts {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
}

export function isoDateParts(date: string): IsoDateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (!match || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new DomainError('BAD_REQUEST', { message: `Not a calendar date: '${date}'.` });
  }
  return { year, month, day };
}

/** 0 Sunday … 6 Saturday. */
export function weekday({ year, month, day }: IsoDateParts): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Standard monthly equity options expire on the third Friday of the month. */
export function isThirdFriday(date: IsoDateParts): boolean {
  return weekday(date) === 5 && date.day >= 15 && date.day <= 21;
}

/** Upper-case English month abbreviation, 'JAN' … 'DEC'. */
export function monthAbbreviation(month: number): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' })
    .format(Date.UTC(2000, month - 1, 1))
    .toUpperCase();
}
