import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const qrCodes = pgTable(
  'qr_codes',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['CHILD', 'PERSON', 'VEHICLE', 'LUGGAGE', 'LOCKSCREEN'] }).notNull(),
    status: text('status', { enum: ['ASSIGNED', 'UNASSIGNED', 'DISABLED'] })
      .notNull()
      .default('ASSIGNED'),
    isPublic: boolean('is_public').notNull().default(true),
    details: jsonb('details').notNull(),
    /** Set while the owner reports the item lost; the message is shown to whoever scans it. */
    lostAt: timestamp('lost_at', { withTimezone: true }),
    lostMessage: text('lost_message'),
    /** Premium, Business: the scan page shows no number, only calls through the bridge. */
    hideNumbers: boolean('hide_numbers').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qr_codes_owner_idx').on(t.ownerId, t.createdAt)],
);
