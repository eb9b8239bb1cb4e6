import { fieldMessage } from '@carecode/domain/errors/field-messages';
import {
  BULK_MAX_ROWS,
  checkBulkHeader,
  parseBulkRow,
  type BulkRowError,
} from '@carecode/domain/qr-codes/bulk';
import type { QrDetails, QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error.ts';

/** Bad rows listed in one answer: enough to fix a file, small enough to show. */
export const MAX_REPORTED_ROWS = 500;

interface ParsedRecord {
  record: string[];
  info: { lines: number };
  raw: string;
}

/** UTF-8 with or without a byte-order mark (the decoder drops it); anything else is refused. */
function decodeUtf8(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new AppError('BULK_NOT_UTF8');
  }
}

/** The file line a record starts on: where it ends, less the line breaks inside its cells. */
const startLine = ({ info, raw }: ParsedRecord) =>
  info.lines - (raw.replace(/^\n+/, '').replace(/\n$/, '').match(/\n/g)?.length ?? 0);

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * A CSV upload → the details of every row, checked by the form's rules; otherwise an AppError:
 * header problems (BULK_COLUMNS with a message per column), too many rows, or every bad row with
 * its line (header = line 1) and field messages (BULK_ROWS_INVALID). Rows of blank cells (as
 * spreadsheets leave at the end) are skipped.
 */
export function parseBulkCsv(type: QrType, body: Buffer): QrDetails[] {
  // Line breaks inside quoted cells become \n too, which is what a cell's text holds anyway.
  const text = decodeUtf8(body).replace(/\r\n?/g, '\n');
  if (text.includes('\u0000') || !text.isWellFormed()) throw new AppError('INVALID_TEXT');
  let records: ParsedRecord[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      record_delimiter: '\n',
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new AppError('BULK_CSV_INVALID', { params: { line } });
    }
    throw error;
  }

  const [head, ...rest] = records;
  if (!head) throw new AppError('BULK_EMPTY');
  const header = head.record.map((name) => name.trim());
  const problems = checkBulkHeader(type, header);
  if (problems.unknown.length || problems.missing.length || problems.duplicate.length) {
    const fields: Record<string, string> = {};
    for (const name of problems.unknown) fields[name || '(blank)'] = fieldMessage('UNKNOWN_COLUMN');
    for (const name of problems.duplicate) fields[name] = fieldMessage('DUPLICATE_COLUMN');
    for (const name of problems.missing) fields[name] = fieldMessage('MISSING_COLUMN');
    throw new AppError('BULK_COLUMNS', { fields });
  }

  const rows = rest.filter((row) => !isBlank(row.record));
  if (rows.length === 0) throw new AppError('BULK_EMPTY');
  if (rows.length > BULK_MAX_ROWS) {
    throw new AppError('BULK_TOO_MANY_ROWS', {
      params: { max: BULK_MAX_ROWS, count: rows.length },
    });
  }

  const details: QrDetails[] = [];
  const errors: BulkRowError[] = [];
  for (const row of rows) {
    const cells = Object.fromEntries(header.map((name, index) => [name, row.record[index] ?? '']));
    const result = parseBulkRow(type, cells);
    const extra = row.record.slice(header.length).some((cell) => cell.trim() !== '');
    if (result.ok && !extra) {
      details.push(result.details);
      continue;
    }
    const fields = result.ok ? {} : { ...result.fields };
    if (extra) fields[`column ${header.length + 1}`] = fieldMessage('UNKNOWN_COLUMN');
    errors.push({ line: startLine(row), fields });
  }
  if (errors.length > 0) {
    throw new AppError('BULK_ROWS_INVALID', {
      params: { count: errors.length },
      rows: errors.slice(0, MAX_REPORTED_ROWS),
    });
  }
  return details;
}
