import { z } from 'zod';
import { lostStateSchema } from '../alerts/alert.schema.ts';
import { childGuardianConsentSchema } from '../consents/consent.schema.ts';
import { organizationIdSchema, organizationRoles } from '../organizations/organization.schema.ts';
import { bloodGroupSchema, toBloodGroup } from './blood-group.ts';
import {
  optionalLengthText,
  phoneNumberSchema,
  requiredLengthText,
  requiredOrInvalid,
  requiredText,
  strictObject,
} from './fields.schema.ts';
import { REQUIRED_MESSAGE, SCHOOL_NAME_MESSAGE } from './messages.ts';
import { qrNameFieldByType } from './qr-fields.ts';

export const qrTypes = ['CHILD', 'PERSON', 'VEHICLE', 'LUGGAGE', 'LOCKSCREEN'] as const;
export const qrTypeSchema = z.enum(qrTypes, { error: requiredOrInvalid });
export type QrType = z.infer<typeof qrTypeSchema>;

export const qrStatuses = ['ASSIGNED', 'UNASSIGNED', 'DISABLED'] as const;
export const qrStatusSchema = z.enum(qrStatuses);
export type QrStatus = z.infer<typeof qrStatusSchema>;

/**
 * Owner / emergency contact: name required, phone exactly 10 digits. The spec sets no length
 * rule for the name; it is capped at CONTACT_NAME_MAX so one code cannot carry a page-long name.
 */
export const CONTACT_NAME_MAX = 60;
export const contactSchema = strictObject({
  name: requiredLengthText(1, CONTACT_NAME_MAX),
  phoneNumber: phoneNumberSchema,
});
export type Contact = z.infer<typeof contactSchema>;

/** The child's school contact: Parent Name shares the school-name limit of 30. */
export const schoolContactSchema = strictObject({
  name: requiredText().max(30, SCHOOL_NAME_MESSAGE),
  phoneNumber: phoneNumberSchema,
});
export type SchoolContact = z.infer<typeof schoolContactSchema>;

/** A required select; any unknown value becomes DONT_KNOW instead of being rejected (spec §5). */
export const bloodGroupFieldSchema = z.codec(requiredText(), bloodGroupSchema, {
  decode: (value) => toBloodGroup(value),
  encode: (group) => group,
});

export const medicalDetailsSchema = strictObject({
  bloodGroup: bloodGroupFieldSchema,
  medicalHistory: optionalLengthText(100),
  allergies: optionalLengthText(100),
  currentMedications: optionalLengthText(100),
});
export type MedicalDetails = z.infer<typeof medicalDetailsSchema>;
export type MedicalDetailsInput = z.input<typeof medicalDetailsSchema>;

export const childDetailsSchema = strictObject({
  fullName: requiredLengthText(1, 20),
  schoolName: optionalLengthText(30, SCHOOL_NAME_MESSAGE),
  schoolContact: schoolContactSchema,
  emergencyContact: contactSchema,
  medicalDetails: medicalDetailsSchema,
});
export type ChildDetails = z.infer<typeof childDetailsSchema>;

export const personDetailsSchema = strictObject({
  fullName: requiredLengthText(1, 20),
  emergencyContact: contactSchema,
  medicalDetails: medicalDetailsSchema.optional(),
});
export type PersonDetails = z.infer<typeof personDetailsSchema>;

export const vehicleDetailsSchema = strictObject({
  numberPlate: requiredLengthText(4, 15),
  modelDescription: requiredLengthText(1, 20),
  ownerContact: contactSchema,
  emergencyContact: contactSchema,
});
export type VehicleDetails = z.infer<typeof vehicleDetailsSchema>;

export const luggageDetailsSchema = strictObject({
  description: requiredLengthText(1, 30),
  ownerContact: contactSchema,
  emergencyContact: contactSchema,
});
export type LuggageDetails = z.infer<typeof luggageDetailsSchema>;

export const lockscreenDetailsSchema = strictObject({
  deviceName: requiredLengthText(1, 30),
  ownerContact: contactSchema,
  emergencyContact: contactSchema,
  medicalDetails: medicalDetailsSchema.optional(),
});
export type LockscreenDetails = z.infer<typeof lockscreenDetailsSchema>;

export const qrDetailsSchemaByType = {
  CHILD: childDetailsSchema,
  PERSON: personDetailsSchema,
  VEHICLE: vehicleDetailsSchema,
  LUGGAGE: luggageDetailsSchema,
  LOCKSCREEN: lockscreenDetailsSchema,
} as const satisfies Record<QrType, z.ZodType>;

export type QrDetailsByType = {
  [T in QrType]: z.infer<(typeof qrDetailsSchemaByType)[T]>;
};
export type QrDetailsInputByType = {
  [T in QrType]: z.input<(typeof qrDetailsSchemaByType)[T]>;
};

/** Details of any kind (use `qrInputSchema` when the type is known). */
export const qrDetailsSchema = z.union([
  childDetailsSchema,
  personDetailsSchema,
  vehicleDetailsSchema,
  luggageDetailsSchema,
  lockscreenDetailsSchema,
]);
export type QrDetails = z.infer<typeof qrDetailsSchema>;

/**
 * Premium and Business: the scan page shows no phone number of this code's contacts, only
 * 'Call … (number hidden)' buttons that connect through the call bridge. Absent on an update: left
 * as it is.
 */
const hideNumbersField = z.boolean({ error: requiredOrInvalid }).optional();

const childInputSchema = strictObject({
  type: z.literal('CHILD'),
  details: childDetailsSchema,
  hideNumbers: hideNumbersField,
});
const otherInputSchemas = [
  strictObject({
    type: z.literal('PERSON'),
    details: personDetailsSchema,
    hideNumbers: hideNumbersField,
  }),
  strictObject({
    type: z.literal('VEHICLE'),
    details: vehicleDetailsSchema,
    hideNumbers: hideNumbersField,
  }),
  strictObject({
    type: z.literal('LUGGAGE'),
    details: luggageDetailsSchema,
    hideNumbers: hideNumbersField,
  }),
  strictObject({
    type: z.literal('LOCKSCREEN'),
    details: lockscreenDetailsSchema,
    hideNumbers: hideNumbersField,
  }),
] as const;
const typeUnionOptions = {
  // A missing `type` says 'Required'; an unknown one 'Invalid value'.
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'invalid_union' && (issue.input as { type?: unknown } | null)?.type == null
      ? REQUIRED_MESSAGE
      : requiredOrInvalid(issue),
};

/** `{ type, details }`, the details checked by the schema of their type. */
export const qrInputSchema = z.discriminatedUnion(
  'type',
  [childInputSchema, ...otherInputSchemas],
  typeUnionOptions,
);
export type QrInput = z.infer<typeof qrInputSchema>;

/**
 * Creating a code: a Child Safety code also carries the owner's confirmation that they are the
 * child's parent or guardian (the form asks for it; recorded with its time and text version).
 */
/** The organisation a new code belongs to (absent: a personal code). */
const organizationField = { organizationId: organizationIdSchema.optional() };
export const createQrCodeInputSchema = z.discriminatedUnion(
  'type',
  [
    childInputSchema.extend({
      guardianConsent: childGuardianConsentSchema.optional(),
      ...organizationField,
    }),
    otherInputSchemas[0].extend(organizationField),
    otherInputSchemas[1].extend(organizationField),
    otherInputSchemas[2].extend(organizationField),
    otherInputSchemas[3].extend(organizationField),
  ],
  typeUnionOptions,
);
export type CreateQrCodeInput = z.infer<typeof createQrCodeInputSchema>;
export const updateQrCodeInputSchema = qrInputSchema;
export type UpdateQrCodeInput = QrInput;

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

const qrCodeBaseSchema = z.object({
  id: z.string(),
  status: qrStatusSchema,
  public: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  scanCount: z.number().int().nonnegative(),
  /** Set while the owner reports the item lost. */
  lost: lostStateSchema.nullish(),
  /** The scan page hides the contacts' numbers behind the call bridge (Premium, Business). */
  hideNumbers: z.boolean().optional(),
  /**
   * True when the code is beyond the QR limit of the owner's plan in force (after a paid plan
   * ended): it still works for scanners but cannot be edited. The oldest codes, up to the
   * limit, stay editable; the newest ones are beyond.
   */
  beyondPlanLimit: z.boolean().optional(),
  /** The organisation the code belongs to (null: a personal code). */
  organizationId: z.string().nullable().optional(),
  /** The caller's role on the code: a member sees it and its scans but cannot change it. */
  role: z.enum(organizationRoles).optional(),
});

/** A QR code as the API answers it. */
export const qrCodeSchema = z.discriminatedUnion('type', [
  qrCodeBaseSchema.extend({ type: z.literal('CHILD'), details: childDetailsSchema }),
  qrCodeBaseSchema.extend({ type: z.literal('PERSON'), details: personDetailsSchema }),
  qrCodeBaseSchema.extend({ type: z.literal('VEHICLE'), details: vehicleDetailsSchema }),
  qrCodeBaseSchema.extend({ type: z.literal('LUGGAGE'), details: luggageDetailsSchema }),
  qrCodeBaseSchema.extend({ type: z.literal('LOCKSCREEN'), details: lockscreenDetailsSchema }),
]);
export type QrCode = z.infer<typeof qrCodeSchema>;

export const qrCodeListSchema = z.array(qrCodeSchema);

type MedicalLike = Partial<Record<keyof MedicalDetails, string | null | undefined>>;

/** True when at least one medical field holds a non-blank value. */
export function hasMedicalValue(medical: MedicalLike | null | undefined): boolean {
  if (!medical) return false;
  return (['bloodGroup', 'medicalHistory', 'allergies', 'currentMedications'] as const).some(
    (key) => typeof medical[key] === 'string' && medical[key].trim() !== '',
  );
}

const typesWithOptionalMedical: readonly QrType[] = ['PERSON', 'LOCKSCREEN'];

/**
 * Spec §5: on PERSON and LOCKSCREEN the medical block is sent only if a medical field is filled.
 * Forms call this before sending; other types are returned unchanged.
 */
export function prepareDetailsForSubmit<T extends object>(type: QrType, details: T): T {
  if (!typesWithOptionalMedical.includes(type) || !('medicalDetails' in details)) return details;
  const { medicalDetails, ...rest } = details as T & { medicalDetails?: MedicalLike | null };
  return hasMedicalValue(medicalDetails) ? details : (rest as T);
}

/** The details field that names a QR of each type (from the one list of fields). */
export { qrNameFieldByType };

/** The main name of a QR: full name, number plate, description or device name ('' if absent). */
export function qrDisplayName(type: QrType, details: unknown): string {
  if (typeof details !== 'object' || details === null) return '';
  const value = (details as Record<string, unknown>)[qrNameFieldByType[type]];
  return typeof value === 'string' ? value : '';
}
