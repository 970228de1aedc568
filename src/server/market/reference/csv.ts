/**
 * Minimal RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines. Enough for the
 * reference files this folder reads and writes; not a general-purpose parser.
 */

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows as objects keyed by the header line. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows
    .filter((r) => r.length > 1 || (r[0] ?? '') !== '')
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

function quote(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function formatCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const lines = [header.map(quote).join(',')];
  for (const r of rows)
    lines.push(r.map((v) => quote(typeof v === 'number' ? formatNumber(v) : v)).join(','));
  return `${lines.join('\n')}\n`;
}

/** Empty for NaN, otherwise the shortest round-trip form. */
function formatNumber(v: number): string {
  return Number.isFinite(v) ? String(v) : '';
}
