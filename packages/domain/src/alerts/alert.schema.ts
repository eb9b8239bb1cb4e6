import { z } from 'zod';
import { optionalLengthText, requiredOrInvalid, strictObject } from '../qr-codes/fields.schema.ts';
import { INVALID_VALUE_MESSAGE } from '../qr-codes/messages.ts';
import type { PlanType } from '../plans/plans.ts';
import { emailSchema } from '../users/user.schema.ts';

/** Guardians a QR may have, by plan (issue: Free 1, Basic 3, Premium 5, Business 20). */
export const guardianLimits: Record<PlanType, number> = {
  FREE: 1,
  BASIC: 3,
  PREMIUM: 5,
  BUSINESS: 20,
};

/** At most one alert a minute per QR and channel; later scans wait and are counted in the next. */
export const ALERT_COALESCE_SECONDS = 60;

/** Quiet hours, like the rest of the product's times, are read in India's time zone. */
export const ALERT_TIME_ZONE = 'Asia/Kolkata';

/** Web Push keys are unpadded base64url (RFC 8291: p256dh 65 bytes, auth 16 bytes). */
const base64Url = (min: number, max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .min(min, INVALID_VALUE_MESSAGE)
    .max(max, INVALID_VALUE_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+=*$/, INVALID_VALUE_MESSAGE);

const pushEndpointSchema = z
  .string({ error: requiredOrInvalid })
  .max(2048, INVALID_VALUE_MESSAGE)
  .pipe(z.url({ protocol: /^https$/, error: INVALID_VALUE_MESSAGE }));

/** `POST /push-subscriptions`: the browser's PushSubscription#toJSON(). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64Url(80, 100), auth: base64Url(16, 32) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** `DELETE /push-subscriptions`: the subscription to forget. */
export const pushSubscriptionDeleteSchema = z.object({ endpoint: pushEndpointSchema });

const clockTimeSchema = z
  .string({ error: requiredOrInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, INVALID_VALUE_MESSAGE);

/** Quiet hours in Asia/Kolkata: from `start` until `end` (past midnight when end < start). */
export const quietHoursSchema = strictObject({ start: clockTimeSchema, end: clockTimeSchema });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** `GET`/`PUT /user/alert-preferences`: the account's alert channels and quiet hours. */
export const alertPreferencesSchema = strictObject({
  push: z.boolean({ error: requiredOrInvalid }),
  email: z.boolean({ error: requiredOrInvalid }),
  quietHours: quietHoursSchema.nullable(),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** `GET`/`PUT /qr-codes/{id}/alert-preferences`: the channels of one QR's alerts. */
export const qrAlertPreferencesSchema = strictObject({
  push: z.boolean({ error: requiredOrInvalid }),
  email: z.boolean({ error: requiredOrInvalid }),
});
export type QrAlertPreferences = z.infer<typeof qrAlertPreferencesSchema>;

/** `POST /qr-codes/{id}/guardians`. */
export const guardianInputSchema = strictObject({ email: emailSchema });
export type GuardianInput = z.infer<typeof guardianInputSchema>;

export const guardianSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['PENDING', 'CONFIRMED']),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Guardian = z.infer<typeof guardianSchema>;
export const guardianListSchema = z.array(guardianSchema);

/** A one-time link's token (guardian confirmation, unsubscribe). */
export const linkTokenSchema = z.strictObject({ token: z.string().min(16).max(200) });

/** What a confirmed guardian (or a left one) is told: the QR's name as the owner gave it. */
export const guardianLinkAnswerSchema = z.object({ qrName: z.string() });

export const LOST_MESSAGE_MAX_LENGTH = 300;

/** `PUT /qr-codes/{id}/lost`: an optional message for whoever finds the item. */
export const lostInputSchema = strictObject({
  message: optionalLengthText(LOST_MESSAGE_MAX_LENGTH),
});
export type LostInput = z.infer<typeof lostInputSchema>;

/** A QR reported lost: since when, and the owner's message ('' when none). */
export const lostStateSchema = z.object({
  message: z.string(),
  since: z.iso.datetime({ offset: true }),
});
export type LostState = z.infer<typeof lostStateSchema>;
