import { z } from 'zod';
import { zodIssuesToFields } from '../errors/error-body.schema.ts';
import { fieldMessage } from '../errors/field-messages.ts';
import { bloodGroupLabels, bloodGroups } from './blood-group-labels.ts';
import type { BloodGroup } from './blood-group.ts';
import {
  prepareDetailsForSubmit,
  qrCodeListSchema,
  qrDetailsSchemaByType,
  type QrDetails,
  type QrType,
} from './qr-code.schema.ts';
import { qrFieldsOf } from './qr-fields.ts';

/**
 * Bulk creation from a CSV file: one row a code, one column a field of `details`, named by its
 * path in the API (`fullName`, `schoolContact.phoneNumber`, `medicalDetails.bloodGroup`). The
 * server parses the file; these rules (columns, cell → details, the form's schema) are shared so
 * the web app can name the same columns.
 */

/** Rows one upload may hold (the header not counted). */
export const BULK_MAX_ROWS = 2000;

/** The file's byte limit: 2,000 long rows of Devanagari text (3 bytes a letter) fit. */
export const BULK_MAX_BYTES = 4 * 1024 * 1024;

/** The columns of a kind, in the order of the form: the template's header row. */
export const bulkColumnsOf = (type: QrType): string[] =>
  qrFieldsOf(type).map((field) => field.path);

/** Header problems: columns the kind does not have, lacks, or names twice. */
export interface BulkHeaderProblems {
  unknown: string[];
  missing: string[];
  duplicate: string[];
}

/** Checks a header row against a kind's columns (every column must be there, in any order). */
export function checkBulkHeader(type: QrType, header: readonly string[]): BulkHeaderProblems {
  const columns = bulkColumnsOf(type);
  const names = header.map((name) => name.trim());
  const seen = new Set<string>();
  const duplicate = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) duplicate.add(name);
    seen.add(name);
  }
  return {
    unknown: names.filter((name) => !columns.includes(name)),
    missing: columns.filter((column) => !seen.has(column)),
    duplicate: [...duplicate],
  };
}

const bloodGroupByCell = new Map<string, BloodGroup>([
  ...bloodGroups.map((group) => [group, group] as const),
  ...bloodGroups.map((group) => [bloodGroupLabels[group].toUpperCase(), group] as const),
  ['DONT KNOW', 'DONT_KNOW'],
  ['DON’T KNOW', 'DONT_KNOW'],
]);

/**
 * A blood group cell: the form's label (A+, AB-, Don't Know) or the API's value (A_POSITIVE),
 * any case. A file is typed by hand, so an unknown value is a mistake to show, not the form's
 * silent DONT_KNOW (undefined here).
 */
export function bloodGroupFromCell(cell: string): BloodGroup | undefined {
  return bloodGroupByCell.get(cell.trim().toUpperCase());
}

export type BulkRowResult =
  { ok: true; details: QrDetails } | { ok: false; fields: Record<string, string> };

/**
 * One data row (cells by column) → the details the form would send, checked by the form's
 * schema. Blank optional cells are left out; on person and lockscreen codes a medical block with
 * no value is left out (spec §5). Field messages are keyed by column.
 */
export function parseBulkRow(type: QrType, row: Readonly<Record<string, string>>): BulkRowResult {
  const details: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const field of qrFieldsOf(type)) {
    const cell = (row[field.path] ?? '').trim();
    if (cell === '' && field.isOptional) continue;
    let value: string = cell;
    if (field.kind === 'bloodGroup' && cell !== '') {
      const group = bloodGroupFromCell(cell);
      // An unknown value is reported; the block is still built so its other cells are checked.
      if (!group) fields[field.path] = fieldMessage('BLOOD_GROUP');
      value = group ?? 'DONT_KNOW';
    }
    const [group, key] = field.path.split('.');
    if (key === undefined) details[group] = value;
    else details[group] = { ...(details[group] as object | undefined), [key]: value };
  }
  const prepared = prepareDetailsForSubmit(type, details);
  const result = qrDetailsSchemaByType[type].safeParse(prepared);
  if (!result.success) {
    for (const [path, message] of Object.entries(zodIssuesToFields(result.error.issues))) {
      if (!(path in fields)) fields[path] = message;
    }
  }
  if (Object.keys(fields).length > 0 || !result.success) {
    return { ok: false, fields: sortByColumn(type, fields) };
  }
  return { ok: true, details: result.data as QrDetails };
}

/** Field messages in the order of the columns. */
function sortByColumn(type: QrType, fields: Record<string, string>): Record<string, string> {
  const columns = bulkColumnsOf(type);
  const rank = (path: string) => {
    const index = columns.indexOf(path);
    return index === -1 ? columns.length : index;
  };
  return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => rank(a) - rank(b)));
}

/** A field that quotes a cell when it must (comma, quote, line break), for templates. */
export const csvCell = (value: string): string =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * The template of a kind: a UTF-8 byte-order mark (so spreadsheet apps read Hindi names right)
 * and the header row. No example row: an example left in the file would become a real code.
 */
export function bulkTemplateCsv(type: QrType): string {
  return `\uFEFF${bulkColumnsOf(type).map(csvCell).join(',')}\r\n`;
}

/** A bad row of an upload: its line in the file (header = line 1) and its field messages. */
export interface BulkRowError {
  line: number;
  fields: Record<string, string>;
}

/** The answer of a bulk creation: how many codes, and the codes. */
export const bulkCreateResultSchema = z.object({
  created: z.number().int().nonnegative(),
  qrCodes: qrCodeListSchema,
});
export type BulkCreateResult = z.infer<typeof bulkCreateResultSchema>;
