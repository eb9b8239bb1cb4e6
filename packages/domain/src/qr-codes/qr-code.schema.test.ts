import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../testing/field-errors.ts';
import {
  childDetailsSchema,
  contactSchema,
  hasMedicalValue,
  lockscreenDetailsSchema,
  luggageDetailsSchema,
  medicalDetailsSchema,
  personDetailsSchema,
  prepareDetailsForSubmit,
  qrCodeSchema,
  qrDetailsSchemaByType,
  qrDisplayName,
  qrInputSchema,
  qrStatuses,
  qrTypes,
  vehicleDetailsSchema,
} from './qr-code.schema.ts';

const chars = (n: number) => 'x'.repeat(n);
const contact = { name: 'Ravi', phoneNumber: '9876543210' };
const medical = { bloodGroup: 'O_POSITIVE' };

const validDetails = {
  CHILD: {
    fullName: 'Asha',
    schoolName: 'DPS',
    schoolContact: contact,
    emergencyContact: contact,
    medicalDetails: medical,
  },
  PERSON: { fullName: 'Asha', emergencyContact: contact },
  VEHICLE: {
    numberPlate: 'KA01AB1234',
    modelDescription: 'Red Swift',
    ownerContact: contact,
    emergencyContact: contact,
  },
  LUGGAGE: { description: 'Blue suitcase', ownerContact: contact, emergencyContact: contact },
  LOCKSCREEN: { deviceName: 'Pixel 8', ownerContact: contact, emergencyContact: contact },
};

describe('qrTypes and qrStatuses', () => {
  it('lists the five kinds and three statuses', () => {
    expect(qrTypes).toEqual(['CHILD', 'PERSON', 'VEHICLE', 'LUGGAGE', 'LOCKSCREEN']);
    expect(qrStatuses).toEqual(['ASSIGNED', 'UNASSIGNED', 'DISABLED']);
  });
});

describe('valid details of every kind', () => {
  it.each(qrTypes)('accepts valid %s details', (type) => {
    expect(fieldErrors(qrDetailsSchemaByType[type], validDetails[type])).toEqual({});
    expect(fieldErrors(qrInputSchema, { type, details: validDetails[type] })).toEqual({});
  });
});

describe('contactSchema', () => {
  it.each([
    ['a 10-digit phone', '0123456789', undefined],
    ['a 10-digit phone with spaces around', ' 0123456789 ', undefined],
    ['a 9-digit phone', '012345678', 'Phone number must be 10 digits'],
    ['an 11-digit phone', '01234567890', 'Phone number must be 10 digits'],
    ['a phone with letters', '01234abcde', 'Phone number must be 10 digits'],
    ['a phone with a plus sign', '+919876543', 'Phone number must be 10 digits'],
    ['an empty phone', '', 'Required'],
    ['a blank phone', '   ', 'Required'],
  ])('on %s gives %s', (_label, phoneNumber, message) => {
    expect(fieldErrors(contactSchema, { name: 'Ravi', phoneNumber }).phoneNumber).toBe(message);
  });

  it("rejects a missing phone with 'Required'", () => {
    expect(fieldErrors(contactSchema, { name: 'Ravi' })).toEqual({ phoneNumber: 'Required' });
  });

  it("rejects a phone sent as a number with 'Invalid value'", () => {
    expect(fieldErrors(contactSchema, { name: 'Ravi', phoneNumber: 9876543210 })).toEqual({
      phoneNumber: 'Invalid value',
    });
  });

  it.each([[''], ['   ']])("rejects the empty name %j with 'Required'", (name) => {
    expect(fieldErrors(contactSchema, { name, phoneNumber: '0123456789' })).toEqual({
      name: 'Required',
    });
  });

  it('accepts a name of 60 characters and refuses 61 with the length message', () => {
    expect(fieldErrors(contactSchema, { name: chars(60), phoneNumber: '9876543210' })).toEqual({});
    expect(fieldErrors(contactSchema, { name: chars(61), phoneNumber: '9876543210' })).toEqual({
      name: 'This field must be between 1 and 60 characters',
    });
  });

  it('trims the name', () => {
    expect(contactSchema.parse({ name: '  Ravi ', phoneNumber: '0123456789' }).name).toBe('Ravi');
  });

  it("rejects an unknown key with 'Invalid value'", () => {
    expect(fieldErrors(contactSchema, { ...contact, email: 'a@b.in' })).toEqual({
      email: 'Invalid value',
    });
  });
});

type LengthCase = [schemaName: string, field: string, length: number, message: string | undefined];

describe('length rules', () => {
  const schemas = {
    CHILD: childDetailsSchema,
    PERSON: personDetailsSchema,
    VEHICLE: vehicleDetailsSchema,
    LUGGAGE: luggageDetailsSchema,
    LOCKSCREEN: lockscreenDetailsSchema,
  };
  const between = (min: number, max: number) =>
    `This field must be between ${min} and ${max} characters`;

  it.each<LengthCase>([
    ['CHILD', 'fullName', 0, 'Required'],
    ['CHILD', 'fullName', 1, undefined],
    ['CHILD', 'fullName', 20, undefined],
    ['CHILD', 'fullName', 21, between(1, 20)],
    ['CHILD', 'schoolName', 0, undefined],
    ['CHILD', 'schoolName', 30, undefined],
    ['CHILD', 'schoolName', 31, 'School name must be at most 30 characters'],
    ['PERSON', 'fullName', 0, 'Required'],
    ['PERSON', 'fullName', 1, undefined],
    ['PERSON', 'fullName', 20, undefined],
    ['PERSON', 'fullName', 21, between(1, 20)],
    ['VEHICLE', 'numberPlate', 0, 'Required'],
    ['VEHICLE', 'numberPlate', 3, between(4, 15)],
    ['VEHICLE', 'numberPlate', 4, undefined],
    ['VEHICLE', 'numberPlate', 15, undefined],
    ['VEHICLE', 'numberPlate', 16, between(4, 15)],
    ['VEHICLE', 'modelDescription', 0, 'Required'],
    ['VEHICLE', 'modelDescription', 1, undefined],
    ['VEHICLE', 'modelDescription', 20, undefined],
    ['VEHICLE', 'modelDescription', 21, between(1, 20)],
    ['LUGGAGE', 'description', 0, 'Required'],
    ['LUGGAGE', 'description', 1, undefined],
    ['LUGGAGE', 'description', 30, undefined],
    ['LUGGAGE', 'description', 31, between(1, 30)],
    ['LOCKSCREEN', 'deviceName', 0, 'Required'],
    ['LOCKSCREEN', 'deviceName', 1, undefined],
    ['LOCKSCREEN', 'deviceName', 30, undefined],
    ['LOCKSCREEN', 'deviceName', 31, between(1, 30)],
  ])('%s %s of %i characters gives %s', (type, field, length, message) => {
    const details = { ...validDetails[type as keyof typeof validDetails], [field]: chars(length) };
    expect(fieldErrors(schemas[type as keyof typeof schemas], details)).toEqual(
      message ? { [field]: message } : {},
    );
  });

  it('counts characters after trimming surrounding spaces', () => {
    const details = { ...validDetails.PERSON, fullName: `  ${chars(20)}  ` };
    expect(personDetailsSchema.parse(details).fullName).toBe(chars(20));
  });

  it("rejects a blank required name with 'Required'", () => {
    expect(fieldErrors(personDetailsSchema, { ...validDetails.PERSON, fullName: '   ' })).toEqual({
      fullName: 'Required',
    });
  });

  it.each([
    [30, undefined],
    [31, 'School name must be at most 30 characters'],
  ])('Parent Name of %i characters in the school contact gives %s', (length, message) => {
    const details = {
      ...validDetails.CHILD,
      schoolContact: { name: chars(length), phoneNumber: '0123456789' },
    };
    expect(fieldErrors(childDetailsSchema, details)).toEqual(
      message ? { 'schoolContact.name': message } : {},
    );
  });
});

describe('required groups', () => {
  it.each([
    ['CHILD', ['schoolContact', 'emergencyContact', 'medicalDetails']],
    ['PERSON', ['emergencyContact']],
    ['VEHICLE', ['ownerContact', 'emergencyContact']],
    ['LUGGAGE', ['description', 'ownerContact', 'emergencyContact']],
    ['LOCKSCREEN', ['ownerContact', 'emergencyContact']],
  ] as const)("%s without %j says 'Required' for each", (type, fields) => {
    const details: Record<string, unknown> = { ...validDetails[type] };
    for (const field of fields) delete details[field];
    expect(fieldErrors(qrDetailsSchemaByType[type], details)).toEqual(
      Object.fromEntries(fields.map((field) => [field, 'Required'])),
    );
  });

  it('checks fields inside groups and reports every failure at once', () => {
    const details = {
      fullName: '',
      schoolContact: { name: '', phoneNumber: '123' },
      emergencyContact: { name: 'Ravi', phoneNumber: '' },
      medicalDetails: { bloodGroup: '' },
    };
    expect(fieldErrors(childDetailsSchema, details)).toEqual({
      fullName: 'Required',
      'schoolContact.name': 'Required',
      'schoolContact.phoneNumber': 'Phone number must be 10 digits',
      'emergencyContact.phoneNumber': 'Required',
      'medicalDetails.bloodGroup': 'Required',
    });
  });

  it("rejects a group sent as a string with 'Invalid value'", () => {
    expect(
      fieldErrors(personDetailsSchema, { ...validDetails.PERSON, emergencyContact: 'Ravi' }),
    ).toEqual({ emergencyContact: 'Invalid value' });
  });

  it.each([
    ['PERSON', true],
    ['LOCKSCREEN', true],
    ['CHILD', false],
  ] as const)('%s medical details optional: %s', (type, isOptional) => {
    const details: Record<string, unknown> = { ...validDetails[type] };
    delete details.medicalDetails;
    expect(qrDetailsSchemaByType[type].safeParse(details).success).toBe(isOptional);
  });
});

describe('unknown keys', () => {
  it.each(qrTypes)('rejects an unknown key in %s details', (type) => {
    expect(fieldErrors(qrDetailsSchemaByType[type], { ...validDetails[type], extra: 'x' })).toEqual(
      { extra: 'Invalid value' },
    );
  });

  it('rejects an unknown key beside type and details', () => {
    expect(
      fieldErrors(qrInputSchema, { type: 'PERSON', details: validDetails.PERSON, ownerId: 'u1' }),
    ).toEqual({ ownerId: 'Invalid value' });
  });

  it('rejects an unknown key in the medical block', () => {
    expect(fieldErrors(medicalDetailsSchema, { ...medical, notes: 'x' })).toEqual({
      notes: 'Invalid value',
    });
  });
});

describe('medicalDetailsSchema', () => {
  it.each([
    ['A_POSITIVE', 'A_POSITIVE'],
    ['DONT_KNOW', 'DONT_KNOW'],
    ["Don't Know", 'DONT_KNOW'],
    ['Z_POSITIVE', 'DONT_KNOW'],
    ['A+', 'A_POSITIVE'],
  ])('coerces the blood group %j to %s', (bloodGroup, expected) => {
    expect(medicalDetailsSchema.parse({ bloodGroup }).bloodGroup).toBe(expected);
  });

  it.each([
    ['missing', {}, 'Required'],
    ['empty', { bloodGroup: '' }, 'Required'],
    ['a number', { bloodGroup: 7 }, 'Invalid value'],
  ])("rejects a %s blood group with '%s'", (_label, value, message) => {
    expect(fieldErrors(medicalDetailsSchema, value)).toEqual({ bloodGroup: message });
  });

  it.each(['medicalHistory', 'allergies', 'currentMedications'])(
    'accepts %s of 0 and 100 characters and rejects 101',
    (field) => {
      expect(fieldErrors(medicalDetailsSchema, { ...medical, [field]: '' })).toEqual({});
      expect(fieldErrors(medicalDetailsSchema, { ...medical, [field]: chars(100) })).toEqual({});
      expect(fieldErrors(medicalDetailsSchema, { ...medical, [field]: chars(101) })).toEqual({
        [field]: 'This field must be between 0 and 100 characters',
      });
    },
  );
});

describe('qrInputSchema', () => {
  it('checks the details with the schema of the type', () => {
    expect(fieldErrors(qrInputSchema, { type: 'VEHICLE', details: validDetails.PERSON })).toEqual({
      'details.numberPlate': 'Required',
      'details.modelDescription': 'Required',
      'details.ownerContact': 'Required',
      'details.fullName': 'Invalid value',
    });
  });

  it("rejects an unknown type with 'Invalid value'", () => {
    expect(fieldErrors(qrInputSchema, { type: 'PET', details: {} })).toEqual({
      type: 'Invalid value',
    });
  });

  it("rejects a missing type with 'Required'", () => {
    expect(fieldErrors(qrInputSchema, { details: {} })).toEqual({ type: 'Required' });
  });

  it("rejects missing details with 'Required'", () => {
    expect(fieldErrors(qrInputSchema, { type: 'PERSON' })).toEqual({ details: 'Required' });
  });
});

describe('qrCodeSchema', () => {
  const answer = {
    id: 'k3J9x_aZ0Qw-7rT2mN5pLg',
    type: 'PERSON',
    status: 'ASSIGNED',
    public: true,
    details: validDetails.PERSON,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    scanCount: 3,
  };

  it('accepts an API answer', () => {
    expect(qrCodeSchema.safeParse(answer).success).toBe(true);
  });

  it.each([
    ['a non-ISO createdAt', { createdAt: 'yesterday' }],
    ['an unknown status', { status: 'EXPIRED' }],
    ['details of another type', { type: 'VEHICLE' }],
  ])('rejects %s', (_label, change) => {
    expect(qrCodeSchema.safeParse({ ...answer, ...change }).success).toBe(false);
  });
});

describe('hasMedicalValue', () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{ bloodGroup: '', medicalHistory: '', allergies: ' ', currentMedications: '' }, false],
    [{ bloodGroup: 'DONT_KNOW' }, true],
    [{ bloodGroup: '', medicalHistory: 'Asthma' }, true],
    [{ bloodGroup: '', allergies: 'Peanuts' }, true],
    [{ bloodGroup: '', currentMedications: 'Insulin' }, true],
  ])('for %j is %s', (value, expected) => {
    expect(hasMedicalValue(value)).toBe(expected);
  });
});

describe('prepareDetailsForSubmit', () => {
  const emptyMedical = {
    bloodGroup: '',
    medicalHistory: '',
    allergies: '',
    currentMedications: '',
  };

  it.each(['PERSON', 'LOCKSCREEN'] as const)('drops an empty medical block on %s', (type) => {
    const prepared = prepareDetailsForSubmit(type, {
      ...validDetails[type],
      medicalDetails: emptyMedical,
    });
    expect(prepared).not.toHaveProperty('medicalDetails');
    expect(qrDetailsSchemaByType[type].safeParse(prepared).success).toBe(true);
  });

  it.each(['PERSON', 'LOCKSCREEN'] as const)(
    'keeps the medical block on %s when one field is filled',
    (type) => {
      const medicalDetails = { ...emptyMedical, allergies: 'Peanuts' };
      const prepared = prepareDetailsForSubmit(type, { ...validDetails[type], medicalDetails });
      expect(prepared).toHaveProperty('medicalDetails', medicalDetails);
    },
  );

  it('never drops the required medical block of a CHILD', () => {
    const details = { ...validDetails.CHILD, medicalDetails: emptyMedical };
    expect(prepareDetailsForSubmit('CHILD', details)).toBe(details);
  });
});

describe('qrDisplayName', () => {
  it.each([
    ['CHILD', 'Asha'],
    ['PERSON', 'Asha'],
    ['VEHICLE', 'KA01AB1234'],
    ['LUGGAGE', 'Blue suitcase'],
    ['LOCKSCREEN', 'Pixel 8'],
  ] as const)('names a %s QR by its main field: %s', (type, name) => {
    expect(qrDisplayName(type, validDetails[type])).toBe(name);
  });

  it('returns an empty name when details are missing', () => {
    expect(qrDisplayName('PERSON', null)).toBe('');
    expect(qrDisplayName('VEHICLE', {})).toBe('');
  });
});
