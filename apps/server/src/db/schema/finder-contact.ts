import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { qrCodes } from './qr-codes.ts';
import { scans } from './scans.ts';
import { bytea } from './columns.ts';
import { users } from './users.ts';

/**
 * A call a scanner asked for through the call bridge: the gateway rings the scanner, then the
 * owner's contact, each seeing only the virtual number. The scanner's number is not stored: only
 * a keyed hash (for the daily limit) and its last two digits (for the owner's history).
 */
export const calls = pgTable(
  'calls',
  {
    id: text('id').primaryKey(),
    scanId: text('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    qrId: text('qr_id')
      .notNull()
      .references(() => qrCodes.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The contact's field name in the QR's details, e.g. `schoolContact`. */
    contact: text('contact').notNull(),
    scannerHash: text('scanner_hash').notNull(),
    scannerLast2: text('scanner_last2').notNull(),
    gateway: text('gateway', { enum: ['sandbox', 'exotel'] }).notNull(),
    gatewayCallId: text('gateway_call_id'),
    /** requested, then the gateway's final word: completed, failed, busy, no-answer. */
    status: text('status').notNull().default('requested'),
    durationSeconds: integer('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calls_scan_idx').on(t.scanId),
    index('calls_scanner_idx').on(t.scannerHash, t.createdAt),
    index('calls_gateway_idx').on(t.gatewayCallId),
    // An owner's calls of a period (analytics).
    index('calls_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

/** A written exchange between a scanner (known only by the scan) and the QR's owner. */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    scanId: text('scan_id')
      .notNull()
      .unique()
      .references(() => scans.id, { onDelete: 'cascade' }),
    qrId: text('qr_id')
      .notNull()
      .references(() => qrCodes.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the owner blocks it: the scanner can send nothing more. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_owner_idx').on(t.ownerId, t.lastMessageAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['scanner', 'owner'] }).notNull(),
    text: text('text').notNull(),
    /** Re-encoded on the server (no EXIF, at most 1600 px): JPEG, PNG or WebP. */
    photo: bytea('photo'),
    photoType: text('photo_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt)],
);
