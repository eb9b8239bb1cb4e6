import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { qrDetailsSchemaByType, qrTypes, type QrType } from './qr-code.schema.ts';
import {
  qrCardFieldOf,
  qrFieldSections,
  qrFieldsOf,
  qrNameFieldByType,
  qrPhoneFieldsOf,
} from './qr-fields.ts';

/** Every leaf path of a kind's details schema, e.g. `schoolContact.phoneNumber`. */
function schemaPaths(schema: z.ZodType, prefix = ''): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
    inner = inner.unwrap() as z.ZodType;
  }
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape).flatMap(([key, value]) =>
      schemaPaths(value as z.ZodType, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

describe('the one list of fields per QR kind', () => {
  it.each(qrTypes)('%s: lists exactly the fields its schema accepts, each once', (type: QrType) => {
    const listed = qrFieldsOf(type).map((field) => field.path);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(schemaPaths(qrDetailsSchemaByType[type]).sort());
  });

  it('names each code by one top-level text field', () => {
    expect(qrNameFieldByType).toEqual({
      CHILD: 'fullName',
      PERSON: 'fullName',
      VEHICLE: 'numberPlate',
      LUGGAGE: 'description',
      LOCKSCREEN: 'deviceName',
    });
    for (const type of qrTypes) {
      expect(qrFieldsOf(type).filter((field) => field.namesTheCode)).toHaveLength(1);
    }
  });

  it("prints a vehicle's plate, a person's name and a bag's description on the card, never a child's name", () => {
    expect(Object.fromEntries(qrTypes.map((type) => [type, qrCardFieldOf(type)]))).toEqual({
      CHILD: undefined,
      PERSON: 'fullName',
      VEHICLE: 'numberPlate',
      LUGGAGE: 'description',
      LOCKSCREEN: undefined,
    });
  });

  it('marks every contact phone number as a phone field', () => {
    expect(qrPhoneFieldsOf('CHILD')).toEqual([
      'schoolContact.phoneNumber',
      'emergencyContact.phoneNumber',
    ]);
    expect(qrPhoneFieldsOf('VEHICLE')).toEqual([
      'ownerContact.phoneNumber',
      'emergencyContact.phoneNumber',
    ]);
  });

  it('groups contacts and medical details in sections with a legend', () => {
    for (const type of qrTypes) {
      for (const section of qrFieldSections[type]) {
        if (section.role === 'main') expect('legend' in section).toBe(false);
        else expect(section.legend).toBeTruthy();
      }
    }
  });
});
