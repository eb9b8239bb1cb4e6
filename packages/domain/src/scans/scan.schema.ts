import { z } from 'zod';
import { lostStateSchema } from '../alerts/alert.schema.ts';
import { ownerCallSchema } from '../calls/call.schema.ts';
import { requiredOrInvalid, strictObject } from '../qr-codes/fields.schema.ts';
import {
  childDetailsSchema,
  lockscreenDetailsSchema,
  luggageDetailsSchema,
  personDetailsSchema,
  qrStatusSchema,
  vehicleDetailsSchema,
} from '../qr-codes/qr-code.schema.ts';

const coordinate = (min: number, max: number) =>
  z
    .number({ error: requiredOrInvalid })
    .min(min, 'Invalid value')
    .max(max, 'Invalid value')
    .refine(Number.isFinite, 'Invalid value');

/** The location a scanner sends. */
export const locationInputSchema = strictObject({
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

const deviceField = z.string().nullable().optional();

/** The scanner's device, parsed from its user agent. */
export const deviceInfoSchema = z.object({
  browser: deviceField,
  browserVersion: deviceField,
  os: deviceField,
  osVersion: deviceField,
  deviceType: deviceField,
  userAgent: deviceField,
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const scanLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  gpsEnabled: z.boolean(),
});
export type ScanLocation = z.infer<typeof scanLocationSchema>;

export const scanSchema = z.object({
  scanId: z.string(),
  qrId: z.string(),
  scanTimestamp: z.iso.datetime({ offset: true }),
  deviceInfo: deviceInfoSchema,
  location: scanLocationSchema.nullable(),
  /** Calls the scanner asked for through the bridge (present when there were any). */
  calls: z.array(ownerCallSchema).optional(),
  /** Messages in the scanner's conversation with the owner (present when there were any). */
  messageCount: z.number().int().nonnegative().optional(),
});
export type Scan = z.infer<typeof scanSchema>;

export const scanSortOrders = ['desc', 'asc'] as const;

/** Query string of scan history: 5 per page, newest first by default (spec §9). */
export const scanHistoryQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Invalid value' })
    .int('Invalid value')
    .min(1, 'Invalid value')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Invalid value' })
    .int('Invalid value')
    .min(1, 'Invalid value')
    .max(100, 'Invalid value')
    .default(5),
  q: z.string({ error: 'Invalid value' }).trim().max(100, 'Invalid value').optional(),
  sort: z.enum(scanSortOrders, { error: 'Invalid value' }).default('desc'),
  /** `GET /scans?organizationId=`: the scans of an organisation's codes (any of its members). */
  organizationId: z
    .string({ error: 'Invalid value' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid value')
    .optional(),
});
export type ScanHistoryQuery = z.infer<typeof scanHistoryQuerySchema>;
export type ScanHistoryQueryInput = z.input<typeof scanHistoryQuerySchema>;

/** Totals are counted up to this many scans; beyond it `total` is a lower bound. */
export const SCAN_COUNT_CAP = 1_000;

export const scanPageSchema = z.object({
  items: z.array(scanSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** True when there are more than SCAN_COUNT_CAP matching scans (then total = the cap). */
  isTotalCapped: z.boolean().optional(),
});
export type ScanPage = z.infer<typeof scanPageSchema>;

const scannedQrBaseSchema = z.object({
  id: z.string(),
  status: qrStatusSchema,
  public: z.boolean(),
  /** Set while the owner reports the item lost: the scan page leads with it. */
  lost: lostStateSchema.nullish(),
  /**
   * The owner hides the contacts' numbers (Premium, Business): no phone number is in the answer,
   * and the page offers a call through the bridge instead.
   */
  hideNumbers: z.boolean().optional(),
});

/** A contact as a scanner sees it: without its number when the owner hides numbers. */
export const scannedContactSchema = z.object({
  name: z.string(),
  phoneNumber: z.string().optional(),
});
export type ScannedContact = z.infer<typeof scannedContactSchema>;

/** The QR as a scanner sees it; details are null when the QR is private and the scanner is not the owner. */
export const scannedQrSchema = z.discriminatedUnion('type', [
  scannedQrBaseSchema.extend({
    type: z.literal('CHILD'),
    details: childDetailsSchema
      .extend({ schoolContact: scannedContactSchema, emergencyContact: scannedContactSchema })
      .nullable(),
  }),
  scannedQrBaseSchema.extend({
    type: z.literal('PERSON'),
    details: personDetailsSchema.extend({ emergencyContact: scannedContactSchema }).nullable(),
  }),
  scannedQrBaseSchema.extend({
    type: z.literal('VEHICLE'),
    details: vehicleDetailsSchema
      .extend({ ownerContact: scannedContactSchema, emergencyContact: scannedContactSchema })
      .nullable(),
  }),
  scannedQrBaseSchema.extend({
    type: z.literal('LUGGAGE'),
    details: luggageDetailsSchema
      .extend({ ownerContact: scannedContactSchema, emergencyContact: scannedContactSchema })
      .nullable(),
  }),
  scannedQrBaseSchema.extend({
    type: z.literal('LOCKSCREEN'),
    details: lockscreenDetailsSchema
      .extend({ ownerContact: scannedContactSchema, emergencyContact: scannedContactSchema })
      .nullable(),
  }),
]);
export type ScannedQr = z.infer<typeof scannedQrSchema>;

export const scanSessionSchema = z.object({
  scanId: z.string(),
  qr: scannedQrSchema,
  quotaExceeded: z.boolean(),
});
export type ScanSession = z.infer<typeof scanSessionSchema>;

/**
 * What a server-rendered scan page (/scans/{scanId}) is drawn from, embedded in its HTML as JSON
 * so the page hydrates without asking again: the page's language and what GET /scans/{scanId}
 * answers for this request, the session or the error (its status, code and sentence values).
 */
export const scanPageDataSchema = z.object({
  language: z.enum(['en', 'hi']),
  session: scanSessionSchema.optional(),
  error: z
    .object({
      status: z.number().int(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .optional(),
});
export type ScanPageData = z.infer<typeof scanPageDataSchema>;
