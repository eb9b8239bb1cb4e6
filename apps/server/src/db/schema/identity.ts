import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Storage for the built-in OpenID provider's models (sessions, grants, codes, tokens...). */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_user_code_idx').on(t.userCode),
  ],
);

/** Fixed-window counters shared by every replica (rate limits, login slow-down). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * The built-in provider's signing and cookie keys when the app runs on PostgreSQL, so every
 * replica (each with an empty DATA_DIR of its own) signs and verifies with the same keys. One
 * row; its lists hold the newest key first (it signs), older ones only verify.
 */
export const identityKeys = pgTable('identity_keys', {
  id: text('id').primaryKey(),
  jwks: jsonb('jwks').notNull(),
  cookieKeys: jsonb('cookie_keys').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
