import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { qrCodes } from './qr-codes.ts';
import { scans } from './scans.ts';
import { users } from './users.ts';

/**
 * A person's answer to a text that asks for their consent: the scanner's to the location prompt
 * (with the scan), the owner's confirmation that they are a child's parent or guardian (with the
 * Child Safety code). Each answer is kept, with when it was given and the version of the text
 * shown; it goes with the scan, the code or the account it belongs to.
 */
export const consents = pgTable(
  'consents',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['LOCATION_SHARING', 'CHILD_GUARDIAN'] }).notNull(),
    textVersion: text('text_version').notNull(),
    granted: boolean('granted').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    scanId: text('scan_id').references(() => scans.id, { onDelete: 'cascade' }),
    qrId: text('qr_id').references(() => qrCodes.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('consents_scan_idx').on(t.scanId), index('consents_qr_idx').on(t.qrId)],
);
