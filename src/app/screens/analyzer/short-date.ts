/**
 * Expirations as the analyzer writes them, apart from the result cards: the form's date list and
 * the stock panel use it from the first paint, the cards' code loads with the first run.
 */
import { monthAbbreviation, parseIsoDate } from '#domain/orders/iso-date.ts';

/** 'DD-MMM-YY', as the cards write expirations: '18-DEC-26'; anything but a date as given. */
export function shortDate(iso: string): string {
  const parts = parseIsoDate(iso);
  if (!parts) return iso;
  const { year, month, day } = parts;
  return `${String(day).padStart(2, '0')}-${monthAbbreviation(month)}-${String(year % 100).padStart(2, '0')}`;
}
