import { z } from 'zod';
import { bloodGroups } from '../qr-codes/blood-group.ts';
import {
  optionalLengthText,
  PHONE_PATTERN,
  requiredOrInvalid,
  strictObject,
  text,
} from '../qr-codes/fields.schema.ts';
import { INVALID_VALUE_MESSAGE, PHONE_MESSAGE, REQUIRED_MESSAGE } from '../qr-codes/messages.ts';
import { billingPeriods, planTypes } from '../plans/plans.ts';
import { fieldMessage, fieldMessages } from '../errors/field-messages.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_LENGTH_MESSAGE = fieldMessages.PASSWORD_LENGTH.en;
export const PASSWORDS_MISMATCH_MESSAGE = fieldMessages.PASSWORDS_MISMATCH.en;

/**
 * The signed-in user as the API answers `GET /me`. `plan` is the plan in force; `ownedPlan` the
 * plan owned for good (what remains when a paid plan ends); `paidPlan` and `planExpiresAt` the
 * Premium or Business plan paid per period and its end (still given once it has ended, so the
 * dashboard can say what ended; both null when none was ever bought).
 */
export const userMeSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  plan: z.enum(planTypes),
  ownedPlan: z.enum(planTypes),
  paidPlan: z.enum(planTypes).nullable(),
  /** The period last paid for (the pricing page and renewal links offer the same). */
  paidPeriod: z.enum(billingPeriods).nullable(),
  planExpiresAt: z.iso.datetime({ offset: true }).nullable(),
  groups: z.array(z.string()),
});
export type UserMe = z.infer<typeof userMeSchema>;

/** RFC 5321's limit on a deliverable address. */
export const EMAIL_MAX_LENGTH = 254;
/** scrypt hashes any length; the cap keeps a request from making it hash megabytes. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The passwords tried first by anyone guessing (the head of every public leak list): refused at
 * registration and reset, whatever their length.
 */
export const commonPasswords: ReadonlySet<string> = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '111111',
  '000000',
  '123123',
  '654321',
  '666666',
  '121212',
  '112233',
  '987654321',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'abc123',
  'abcdef',
  'iloveyou',
  'letmein',
  'welcome',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'admin',
  'admin123',
  'qazwsx',
  'trustno1',
  'asdfgh',
  '1q2w3e4r',
  'zaq12wsx',
  'india123',
  'carecode',
]);

// No explicit abort here: it would stop the password-match check below from running.
export const emailSchema = text()
  .min(1, REQUIRED_MESSAGE)
  .max(EMAIL_MAX_LENGTH, fieldMessage('MAX_LENGTH', { max: EMAIL_MAX_LENGTH }))
  .pipe(z.email(INVALID_VALUE_MESSAGE));

/** A new password: 6 to 128 characters and not one of the most guessed. */
export const newPasswordSchema = z
  .string({ error: requiredOrInvalid })
  .min(1, REQUIRED_MESSAGE)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_LENGTH_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, fieldMessage('PASSWORD_TOO_LONG', { max: PASSWORD_MAX_LENGTH }))
  .refine(
    (value) => !commonPasswords.has(value.toLowerCase()),
    fieldMessage('PASSWORD_TOO_COMMON'),
  );

/** Empty, or exactly 10 digits. */
const optionalPhoneSchema = text()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE)
  .optional();

export const registerInputSchema = strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  confirmPassword: z.string({ error: requiredOrInvalid }),
  phone: optionalPhoneSchema,
}).refine((input) => input.password === input.confirmPassword, {
  message: PASSWORDS_MISMATCH_MESSAGE,
  path: ['confirmPassword'],
  // Report the mismatch even while other fields are still wrong.
  when: (payload) => {
    const value = payload.value as { password?: unknown; confirmPassword?: unknown };
    return typeof value?.password === 'string' && typeof value?.confirmPassword === 'string';
  },
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = strictObject({
  email: emailSchema,
  password: z
    .string({ error: requiredOrInvalid })
    .min(1, REQUIRED_MESSAGE)
    .max(PASSWORD_MAX_LENGTH, fieldMessage('PASSWORD_TOO_LONG', { max: PASSWORD_MAX_LENGTH })),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** Earlier profile flow: every field optional; an empty value displays 'Not specified'. */
export const profileInputSchema = strictObject({
  name: optionalLengthText(50),
  fullName: optionalLengthText(50),
  bloodGroup: z.enum(bloodGroups, { error: requiredOrInvalid }).optional(),
  allergies: optionalLengthText(100),
  emergencyContact: strictObject({
    name: optionalLengthText(50),
    phoneNumber: optionalPhoneSchema,
  }).optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const profileSchema = profileInputSchema;
export type Profile = z.infer<typeof profileSchema>;

/** `POST /user/verify-email/confirm`: the token from the mailed link. */
export const verifyEmailInputSchema = z.strictObject({
  token: z.string().min(16).max(64),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;

/** `POST /user/password-reset`: where to send a reset link. */
export const passwordResetRequestSchema = strictObject({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** `POST /user/password-reset/confirm`: the mailed token and the new password, twice. */
export const passwordResetInputSchema = strictObject({
  token: z.string().min(16).max(64),
  password: newPasswordSchema,
  confirmPassword: z.string({ error: requiredOrInvalid }),
}).refine((input) => input.password === input.confirmPassword, {
  message: PASSWORDS_MISMATCH_MESSAGE,
  path: ['confirmPassword'],
});
export type PasswordResetInput = z.infer<typeof passwordResetInputSchema>;
