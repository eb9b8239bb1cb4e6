import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';

export type FieldKind = 'text' | 'phone' | 'textarea' | 'bloodGroup';

export interface FieldSpec {
  /** Path inside `details`, e.g. `schoolContact.phoneNumber`. */
  name: string;
  /** Key under `fields.` in the qr-codes namespace. */
  label: string;
  kind: FieldKind;
  isOptional?: boolean;
}

export interface SectionSpec {
  /** Key under `groups.`; none for the kind's own fields. */
  legend?: string;
  fields: FieldSpec[];
}

const contact = (group: 'ownerContact' | 'emergencyContact' | 'schoolContact'): SectionSpec => {
  const prefix = { ownerContact: 'owner', emergencyContact: 'emergency', schoolContact: 'parent' }[
    group
  ];
  return {
    legend: group,
    fields: [
      { name: `${group}.name`, label: `${prefix}Name`, kind: 'text' },
      { name: `${group}.phoneNumber`, label: `${prefix}Phone`, kind: 'phone' },
    ],
  };
};

const medical = (isOptional: boolean): SectionSpec => ({
  legend: isOptional ? 'medicalDetailsOptional' : 'medicalDetails',
  fields: [
    { name: 'medicalDetails.bloodGroup', label: 'bloodGroup', kind: 'bloodGroup' },
    {
      name: 'medicalDetails.medicalHistory',
      label: 'medicalHistory',
      kind: 'textarea',
      isOptional: true,
    },
    { name: 'medicalDetails.allergies', label: 'allergies', kind: 'textarea', isOptional: true },
    {
      name: 'medicalDetails.currentMedications',
      label: 'currentMedications',
      kind: 'textarea',
      isOptional: true,
    },
  ],
});

/** The fields of each kind's form, in order, with the spec's labels (spec §3, §5). */
export const formLayout: Record<QrType, SectionSpec[]> = {
  CHILD: [
    {
      fields: [
        { name: 'fullName', label: 'childName', kind: 'text' },
        { name: 'schoolName', label: 'schoolName', kind: 'text', isOptional: true },
      ],
    },
    contact('schoolContact'),
    contact('emergencyContact'),
    medical(false),
  ],
  PERSON: [
    { fields: [{ name: 'fullName', label: 'name', kind: 'text' }] },
    contact('emergencyContact'),
    medical(true),
  ],
  VEHICLE: [
    {
      fields: [
        { name: 'numberPlate', label: 'vehicleNumber', kind: 'text' },
        { name: 'modelDescription', label: 'modelDescription', kind: 'text' },
      ],
    },
    contact('ownerContact'),
    contact('emergencyContact'),
  ],
  LUGGAGE: [
    { fields: [{ name: 'description', label: 'luggageDescription', kind: 'text' }] },
    contact('ownerContact'),
    contact('emergencyContact'),
  ],
  LOCKSCREEN: [
    { fields: [{ name: 'deviceName', label: 'deviceName', kind: 'text' }] },
    contact('ownerContact'),
    contact('emergencyContact'),
    medical(true),
  ],
};

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
      const [head, leaf] = field.name.split('.');
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
