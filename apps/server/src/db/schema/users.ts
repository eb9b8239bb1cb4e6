import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    subject: text('oidc_subject').notNull().unique(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    plan: text('plan', { enum: ['FREE', 'BASIC', 'PREMIUM', 'BUSINESS'] })
      .notNull()
      .default('FREE'),
    /** The language the owner reads mails and alerts in (`en` or `hi`). */
    language: text('language').notNull().default('en'),
    alertPush: boolean('alert_push').notNull().default(true),
    alertEmail: boolean('alert_email').notNull().default(true),
    /** Quiet hours in Asia/Kolkata, `HH:MM`; both null when off. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_email_idx').on(t.email)],
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
