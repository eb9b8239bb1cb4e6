import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    subject: text('oidc_subject').notNull().unique(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    /** The plan owned for good (Free, or Basic once bought): what remains when a paid one ends. */
    plan: text('plan', { enum: ['FREE', 'BASIC', 'PREMIUM', 'BUSINESS'] })
      .notNull()
      .default('FREE'),
    /** Premium or Business paid per period: in force until `plan_expires_at`. */
    paidPlan: text('paid_plan', { enum: ['PREMIUM', 'BUSINESS'] }),
    /** The billing period last paid for (the renewal link offers the same). */
    paidPeriod: text('paid_period', { enum: ['MONTHLY', 'YEARLY'] }),
    planExpiresAt: timestamp('plan_expires_at', { withTimezone: true }),
    /** The plan end each reminder was sent for: once per period, a renewal starts them afresh. */
    reminder7SentFor: timestamp('reminder_7_sent_for', { withTimezone: true }),
    reminder1SentFor: timestamp('reminder_1_sent_for', { withTimezone: true }),
    /** A reminder being sent by one replica until then (a crash frees it after the lease). */
    reminderLeaseUntil: timestamp('reminder_lease_until', { withTimezone: true }),
    /** The language the owner reads mails and alerts in (`en` or `hi`). */
    language: text('language').notNull().default('en'),
    alertPush: boolean('alert_push').notNull().default(true),
    alertEmail: boolean('alert_email').notNull().default(true),
    /** Quiet hours in Asia/Kolkata, `HH:MM`; both null when off. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_email_idx').on(t.email),
    index('users_plan_expires_idx')
      .on(t.planExpiresAt)
      .where(sql`${t.planExpiresAt} is not null`),
  ],
);

/** Built-in provider only: one scrypt hash per user. */
export const credentials = pgTable('credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use links that confirm an account's e-mail address (stored as SHA-256 of the token). */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Single-use links that set a new password (stored as SHA-256 of the token, 30 minutes). */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Accounts their owners erased, by the SHA-256 of the sign-in subject (nothing that names the
 * person): a token issued before the erasure is refused instead of recreating the account.
 */
export const erasedAccounts = pgTable('erased_accounts', {
  subjectHash: text('subject_hash').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});
