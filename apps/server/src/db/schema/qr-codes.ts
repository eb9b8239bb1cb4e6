import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
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
    /** The organisation the code belongs to (its owner is then the organisation's owner). */
    organizationId: text('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('qr_codes_owner_idx').on(t.ownerId, t.createdAt),
    index('qr_codes_organization_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`${t.organizationId} is not null`),
  ],
);
