import { z } from 'zod';
import { deviceInfoSchema } from './scan.schema.ts';

/** Server-sent event names of GET /scans/events. */
export const scanEventTypes = ['scan', 'location', 'message'] as const;
export type ScanEventType = (typeof scanEventTypes)[number];

/**
 * `event: scan`: one of the owner's QR codes was scanned: the latest scan, and how many scans of
 * that QR arrived together with it (`count`, 1 unless several came at once).
 */
export const scanCreatedEventSchema = z.object({
  scanId: z.string(),
  qrId: z.string(),
  /** Full name, number plate, description or device name of the QR ('' when absent). */
  qrName: z.string(),
  scanTimestamp: z.iso.datetime({ offset: true }),
  deviceInfo: deviceInfoSchema,
  count: z.number().int().positive().optional(),
});
export type ScanCreatedEvent = z.infer<typeof scanCreatedEventSchema>;

/** `event: location`: a scanner shared their location. */
export const scanLocationEventSchema = z.object({
  scanId: z.string(),
  qrId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ScanLocationEvent = z.infer<typeof scanLocationEventSchema>;

/** `event: message`: a finder wrote to the owner about one of their codes. */
export const scanMessageEventSchema = z.object({
  scanId: z.string(),
  qrId: z.string(),
  conversationId: z.string(),
});
export type ScanMessageEvent = z.infer<typeof scanMessageEventSchema>;
