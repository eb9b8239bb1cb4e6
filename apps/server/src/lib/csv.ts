/**
 * Writes CSV (RFC 4180): every field quoted, quotes doubled, rows ended by CRLF. A text that a
 * spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage return) gets
 * a leading apostrophe, so a scanner's user agent cannot run as one in the owner's spreadsheet.
 */
export function csvRow(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The byte-order mark that makes spreadsheets read the file as UTF-8 (Hindi names included). */
export const CSV_BOM = '\uFEFF';
