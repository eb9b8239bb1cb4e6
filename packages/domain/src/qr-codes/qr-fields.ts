import type { QrType } from './qr-code.schema.ts';

// One list of the fields of each QR kind: the form lays it out, the detail view (and so the scan
// page and the demo) reads it, the designer prints from it, and the server names a code by it.
// Adding a field to a kind is one entry here, its schema rule and its label texts.

export type QrFieldKind = 'text' | 'phone' | 'textarea' | 'bloodGroup';

export interface QrField {
  /** Path inside `details`, e.g. `schoolContact.phoneNumber`. */
  path: string;
  /** Key under `fields.` in the web app's qr-codes texts. */
  label: string;
  kind: QrFieldKind;
  isOptional?: boolean;
  /** The field that names the code (dashboard tiles, history, alerts). */
  namesTheCode?: boolean;
  /** Printed on the designer's card (a child's name never is). */
  printsOnCard?: boolean;
}

export type QrSectionRole = 'main' | 'contact' | 'medical';

export interface QrFieldSection {
  role: QrSectionRole;
  /** Key under `groups.` in the texts; none for the kind's own fields. */
  legend?: string;
  /** A contact's field name in `details` (contact sections). */
  group?: 'ownerContact' | 'emergencyContact' | 'schoolContact';
  fields: QrField[];
}

const contact = (group: 'ownerContact' | 'emergencyContact' | 'schoolContact'): QrFieldSection => {
  const prefix = { ownerContact: 'owner', emergencyContact: 'emergency', schoolContact: 'parent' }[
    group
  ];
  return {
    role: 'contact',
    legend: group,
    group,
    fields: [
      { path: `${group}.name`, label: `${prefix}Name`, kind: 'text' },
      { path: `${group}.phoneNumber`, label: `${prefix}Phone`, kind: 'phone' },
    ],
  };
};

const medical = (isOptional: boolean): QrFieldSection => ({
  role: 'medical',
  legend: isOptional ? 'medicalDetailsOptional' : 'medicalDetails',
  fields: [
    { path: 'medicalDetails.bloodGroup', label: 'bloodGroup', kind: 'bloodGroup' },
    {
      path: 'medicalDetails.medicalHistory',
      label: 'medicalHistory',
      kind: 'textarea',
      isOptional: true,
    },
    { path: 'medicalDetails.allergies', label: 'allergies', kind: 'textarea', isOptional: true },
    {
      path: 'medicalDetails.currentMedications',
      label: 'currentMedications',
      kind: 'textarea',
      isOptional: true,
    },
  ],
});

/** The fields of each kind, in order and by section, with the spec's labels (spec §3, §5). */
export const qrFieldSections = {
  CHILD: [
    {
      role: 'main',
      fields: [
        { path: 'fullName', label: 'childName', kind: 'text', namesTheCode: true },
        { path: 'schoolName', label: 'schoolName', kind: 'text', isOptional: true },
      ],
    },
    contact('schoolContact'),
    contact('emergencyContact'),
    medical(false),
  ],
  PERSON: [
    {
      role: 'main',
      fields: [
        { path: 'fullName', label: 'name', kind: 'text', namesTheCode: true, printsOnCard: true },
      ],
    },
    contact('emergencyContact'),
    medical(true),
  ],
  VEHICLE: [
    {
      role: 'main',
      fields: [
        {
          path: 'numberPlate',
          label: 'vehicleNumber',
          kind: 'text',
          namesTheCode: true,
          printsOnCard: true,
        },
        { path: 'modelDescription', label: 'modelDescription', kind: 'text' },
      ],
    },
    contact('ownerContact'),
    contact('emergencyContact'),
  ],
  LUGGAGE: [
    {
      role: 'main',
      fields: [
        {
          path: 'description',
          label: 'luggageDescription',
          kind: 'text',
          namesTheCode: true,
          printsOnCard: true,
        },
      ],
    },
    contact('ownerContact'),
    contact('emergencyContact'),
  ],
  LOCKSCREEN: [
    {
      role: 'main',
      fields: [{ path: 'deviceName', label: 'deviceName', kind: 'text', namesTheCode: true }],
    },
    contact('ownerContact'),
    contact('emergencyContact'),
    medical(true),
  ],
} as const satisfies Record<QrType, readonly QrFieldSection[]>;

type Sections = typeof qrFieldSections;
type MainFieldOf<T extends QrType> = Sections[T][0]['fields'][number];
type NamingPath<T extends QrType> =
  Extract<MainFieldOf<T>, { namesTheCode: true }> extends { path: infer P } ? P : never;

/** Every field of a kind, in the order of its sections. */
export const qrFieldsOf = (type: QrType): readonly QrField[] =>
  (qrFieldSections[type] as readonly QrFieldSection[]).flatMap((section) => section.fields);

/** The field that names a code of each kind (top-level text). */
export const qrNameFieldByType = Object.fromEntries(
  (Object.keys(qrFieldSections) as QrType[]).map((type) => [
    type,
    qrFieldsOf(type).find((field) => field.namesTheCode)!.path,
  ]),
) as { [T in QrType]: NamingPath<T> };

/** The field the designer's card prints under its title, if any. */
export const qrCardFieldOf = (type: QrType): string | undefined =>
  qrFieldsOf(type).find((field) => field.printsOnCard)?.path;

/** The phone-number fields of a kind (paths), e.g. for hiding or masking numbers. */
export const qrPhoneFieldsOf = (type: QrType): string[] =>
  qrFieldsOf(type)
    .filter((field) => field.kind === 'phone')
    .map((field) => field.path);

export type ContactGroup = 'ownerContact' | 'emergencyContact' | 'schoolContact';

/** The contacts of a kind, in the order the page shows them (the call bridge names them so). */
export function contactGroupsOf(type: QrType): ContactGroup[] {
  return (qrFieldSections[type] as readonly QrFieldSection[]).flatMap((section) =>
    section.group ? [section.group] : [],
  );
}
