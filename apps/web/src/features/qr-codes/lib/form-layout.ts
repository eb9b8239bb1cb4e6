import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import {
  qrFieldSections,
  type QrField,
  type QrFieldSection,
} from '@carecode/domain/qr-codes/qr-fields';

/** The form lays out the one list of fields per kind, from the domain. */
export const formLayout = qrFieldSections as Record<QrType, readonly QrFieldSection[]>;
export type FieldSpec = QrField;

type FormValues = Record<string, string | Record<string, string>>;

/** Empty form values of a kind, filled from existing details where given. */
export function initialFormValues(type: QrType, details?: unknown): FormValues {
  const source = (typeof details === 'object' && details !== null ? details : {}) as Record<
    string,
    unknown
  >;
  const values: FormValues = {};
  for (const section of formLayout[type]) {
    for (const field of section.fields) {
      const [head, leaf] = field.path.split('.');
      if (leaf) {
        const group = (values[head] ??= {}) as Record<string, string>;
        const sourceGroup = source[head] as Record<string, unknown> | undefined;
        const value = sourceGroup?.[leaf];
        group[leaf] = typeof value === 'string' ? value : '';
      } else {
        const value = source[head];
        values[head] = typeof value === 'string' ? value : '';
      }
    }
  }
  return values;
}

/** Drops blank strings (so an unfilled optional field is not sent); keeps groups. */
export function withoutBlankValues(values: FormValues): FormValues {
  const result: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      if (value.trim() !== '') result[key] = value;
    } else {
      result[key] = withoutBlankValues(value) as Record<string, string>;
    }
  }
  return result;
}
