import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
export const scans = pgTable(
  'scans',
  {
    id: text('id').primaryKey(),
    /**
     * The scanned QR. No foreign key: its check would lock the QR once for every scan inserted.
     * The batch insert locks each QR once (`for key share`, see scans.repository.ts), and a
     * trigger deletes a QR's scans with the QR (migration 0001), as `on delete cascade` did.
     */
    qrId: text('qr_id').notNull(),
    /** Denormalised so an owner's whole history is one index range scan. */
    ownerId: text('owner_id').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
    deviceInfo: jsonb('device_info').notNull(),
    /**
     * 20 bits of a hash of the scanner's address and the QR: enough to tell a repeat scan from
     * the same address (which does not count toward the monthly quota), too few to name the
     * address (thousands share each value).
     */
    visitor: text('visitor'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    gpsEnabled: boolean('gps_enabled').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('scans_qr_scanned_idx').on(t.qrId, t.scannedAt.desc()),
    index('scans_owner_scanned_idx').on(t.ownerId, t.scannedAt.desc()),
  ],
);
