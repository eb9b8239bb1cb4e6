import { describe, expect, it } from 'vitest';
import {
  bloodGroupFromCell,
  bulkColumnsOf,
  bulkTemplateCsv,
  checkBulkHeader,
  csvCell,
  parseBulkRow,
} from './bulk.ts';

const person = {
  fullName: 'Asha Rao',
  'emergencyContact.name': 'Ravi',
  'emergencyContact.phoneNumber': '9876543210',
  'medicalDetails.bloodGroup': '',
  'medicalDetails.medicalHistory': '',
  'medicalDetails.allergies': '',
  'medicalDetails.currentMedications': '',
};

describe('bulk rows', () => {
  it('reads blood groups as labels or values in any case, and nothing else', () => {
    expect(bloodGroupFromCell('ab-')).toBe('AB_NEGATIVE');
    expect(bloodGroupFromCell(' O_POSITIVE ')).toBe('O_POSITIVE');
    expect(bloodGroupFromCell("Don't know")).toBe('DONT_KNOW');
    expect(bloodGroupFromCell('Z+')).toBeUndefined();
  });

  it('drops the empty medical block of a person, as the form does', () => {
    expect(parseBulkRow('PERSON', person)).toEqual({
      ok: true,
      details: {
        fullName: 'Asha Rao',
        emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' },
      },
    });
  });

  it('needs a blood group once a person has any medical cell', () => {
    expect(parseBulkRow('PERSON', { ...person, 'medicalDetails.allergies': 'Dust' })).toEqual({
      ok: false,
      fields: { 'medicalDetails.bloodGroup': 'Required' },
    });
  });

  it('checks a blood group given alone: it is a medical value, so the block is sent', () => {
    expect(parseBulkRow('PERSON', { ...person, 'medicalDetails.bloodGroup': 'Z+' })).toEqual({
      ok: false,
      fields: {
        'medicalDetails.bloodGroup':
          "Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-, Don't Know",
      },
    });
  });

  it('reports header problems by column', () => {
    expect(
      checkBulkHeader('LUGGAGE', [...bulkColumnsOf('LUGGAGE'), 'colour', 'description']),
    ).toEqual({
      unknown: ['colour'],
      missing: [],
      duplicate: ['description'],
    });
  });

  it('writes a template of the header with a BOM, quoting only where needed', () => {
    expect(bulkTemplateCsv('VEHICLE')).toBe(
      '\uFEFFnumberPlate,modelDescription,ownerContact.name,ownerContact.phoneNumber,emergencyContact.name,emergencyContact.phoneNumber\r\n',
    );
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });
});
