import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../testing/field-errors.ts';
import {
  locationInputSchema,
  scanHistoryQuerySchema,
  scanSchema,
  scanSessionSchema,
} from './scan.schema.ts';

describe('locationInputSchema', () => {
  it.each([
    [{ latitude: 0, longitude: 0 }, true],
    [{ latitude: 90, longitude: 180 }, true],
    [{ latitude: -90, longitude: -180 }, true],
    [{ latitude: 90.0001, longitude: 0 }, false],
    [{ latitude: -90.0001, longitude: 0 }, false],
    [{ latitude: 0, longitude: 180.0001 }, false],
    [{ latitude: 0, longitude: -180.0001 }, false],
    [{ latitude: Number.NaN, longitude: 0 }, false],
    [{ latitude: 0, longitude: Number.POSITIVE_INFINITY }, false],
    [{ latitude: '12.9', longitude: '77.5' }, false],
    [{ latitude: 12.9 }, false],
    [{ latitude: 12.9, longitude: 77.5, accuracy: 5 }, false],
  ])('%j valid: %s', (value, expected) => {
    expect(locationInputSchema.safeParse(value).success).toBe(expected);
  });

  it("says 'Required' for a missing longitude", () => {
    expect(fieldErrors(locationInputSchema, { latitude: 1 })).toEqual({ longitude: 'Required' });
  });
});

describe('scanHistoryQuerySchema', () => {
  it('defaults to page 1, 5 per page, newest first', () => {
    expect(scanHistoryQuerySchema.parse({})).toEqual({ page: 1, pageSize: 5, sort: 'desc' });
  });

  it('coerces query-string numbers', () => {
    expect(
      scanHistoryQuerySchema.parse({ page: '3', pageSize: '100', q: ' abc ', sort: 'asc' }),
    ).toEqual({ page: 3, pageSize: 100, q: 'abc', sort: 'asc' });
  });

  it.each([
    [{ page: '0' }],
    [{ page: '1.5' }],
    [{ page: 'x' }],
    [{ pageSize: '0' }],
    [{ pageSize: '101' }],
    [{ q: 'x'.repeat(101) }],
    [{ sort: 'newest' }],
  ])('rejects %j', (query) => {
    expect(scanHistoryQuerySchema.safeParse(query).success).toBe(false);
  });

  it('accepts a search of 100 characters', () => {
    expect(scanHistoryQuerySchema.safeParse({ q: 'x'.repeat(100) }).success).toBe(true);
  });
});

describe('scanSchema and scanSessionSchema', () => {
  const scan = {
    scanId: 's1',
    qrId: 'q1',
    scanTimestamp: '2025-01-02T03:04:05.000Z',
    deviceInfo: { browser: 'Chrome', os: 'Android', deviceType: null },
    location: { latitude: 12.9, longitude: 77.5, gpsEnabled: true },
  };

  it('accepts a scan with and without a location', () => {
    expect(scanSchema.safeParse(scan).success).toBe(true);
    expect(scanSchema.safeParse({ ...scan, location: null, deviceInfo: {} }).success).toBe(true);
  });

  it('accepts a session of a public QR and one of a private QR without details', () => {
    const qr = { id: 'q1', type: 'LUGGAGE', status: 'ASSIGNED', public: false, details: null };
    expect(scanSessionSchema.safeParse({ scanId: 's1', qr, quotaExceeded: false }).success).toBe(
      true,
    );
  });
});
