import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { qrCodes } from './qr-codes.ts';
import { users } from './users.ts';

/** What an alert is about: scans, a shared location, a bridged call, a finder's message. */
export const alertKinds = ['scan', 'location', 'call', 'message'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** A browser's Web Push subscription (one per device that enabled alerts). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** The channels of one QR's alerts (absent: both on). */
export const qrAlertPreferences = pgTable('qr_alert_preferences', {
  qrId: text('qr_id')
    .primaryKey()
    .references(() => qrCodes.id, { onDelete: 'cascade' }),
  push: boolean('push').notNull(),
  email: boolean('email').notNull(),
});

/**
 * People the owner added to a QR's alerts by e-mail. Pending until they open the mailed link
 * (its SHA-256 is `token_hash`); `leave_key` signs the one-click link that takes them off.
 */
export const guardians = pgTable(
  'guardians',
  {
    id: text('id').primaryKey(),
    qrId: text('qr_id')
      .notNull()
      .references(() => qrCodes.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guardians_qr_email_idx').on(t.qrId, sql`lower(${t.email})`)],
);

/**
 * The alert outbox: what happened that the owner should hear about, written in the same
 * statement as the scans (one row per QR and batch) or the shared location. The dispatcher
 * expands each into deliveries, once (`expanded_at`).
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: alertKinds }).notNull(),
    qrId: text('qr_id').notNull(),
    ownerId: text('owner_id').notNull(),
    scanId: text('scan_id').notNull(),
    scanCount: integer('scan_count').notNull().default(1),
    lost: boolean('lost').notNull().default(false),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
  },
  (t) => [
    index('alert_events_pending_idx')
      .on(t.id)
      .where(sql`${t.expandedAt} is null`),
  ],
);

/**
 * One alert to one recipient on one channel: its id is the idempotency key (the mail's
 * Message-ID, the push's topic). Claimed with a lease (`claimed_until`) so that of several
 * replicas one sends it; retried with back-off until `sent_at` or `failed_at`. Scans of one QR
 * within a minute of the last alert on a channel are added to the waiting delivery
 * (`scan_count`) rather than sent apart.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: alertKinds }).notNull(),
    qrId: text('qr_id').notNull(),
    channel: text('channel', { enum: ['push', 'email'] }).notNull(),
    /** `owner` or `guardian:{id}`. */
    recipient: text('recipient').notNull(),
    scanCount: integer('scan_count').notNull(),
    /** True for a lost QR or a location: sent at once, never merged. */
    urgent: boolean('urgent').notNull().default(false),
    data: jsonb('data').notNull(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_deliveries_key_idx').on(t.eventId, t.channel, t.recipient),
    index('alert_deliveries_due_idx')
      .on(t.sendAfter)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('alert_deliveries_waiting_idx')
      .on(t.qrId, t.channel, t.recipient)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null and not ${t.urgent}`),
  ],
);

/** When each QR's last alert went out on each channel to each recipient (for coalescing). */
export const alertThrottle = pgTable(
  'alert_throttle',
  {
    qrId: text('qr_id').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.qrId, t.channel, t.recipient] })],
);

/** Keys generated once and shared by every replica on PostgreSQL (the VAPID pair). */
export const appKeys = pgTable('app_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
