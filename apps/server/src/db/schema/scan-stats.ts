import { date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Scan counts per India day (Asia/Kolkata), kept by statement-level triggers on `scans`
 * (migration 0011): every insert, delete and location change of scans is added or taken away in
 * the same statement, so analytics reads a few hundred rows instead of aggregating a million
 * scans (a plain count of 1,000,000 scans took about 470 ms on the embedded database).
 *
 * `hours` holds 24 counts (India hours 0–23); `devices` and `systems` map a device type or an
 * operating system ('unknown' when the browser named none) to its count; `located` counts scans
 * whose shared location is kept.
 */
const countColumns = {
  day: date('day', { mode: 'string' }).notNull(),
  scans: integer('scans').notNull(),
  located: integer('located').notNull(),
  hours: integer('hours').array().notNull(),
  devices: jsonb('devices').$type<Record<string, number>>().notNull(),
  systems: jsonb('systems').$type<Record<string, number>>().notNull(),
};

/** One row per owner and day: the owner's whole analytics. */
export const scanDayStats = pgTable(
  'scan_day_stats',
  { ownerId: text('owner_id').notNull(), ...countColumns },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

/** One row per QR and day: one code's analytics, and the owner's counts by QR and by kind. */
export const scanQrDayStats = pgTable(
  'scan_qr_day_stats',
  { qrId: text('qr_id').notNull(), ownerId: text('owner_id').notNull(), ...countColumns },
  (t) => [
    primaryKey({ columns: [t.qrId, t.day] }),
    index('scan_qr_day_stats_owner_idx').on(t.ownerId, t.day),
  ],
);
