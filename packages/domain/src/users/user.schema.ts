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
import { planTypes } from '../plans/plans.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_LENGTH_MESSAGE = 'Password must be at least 6 characters.';
export const PASSWORDS_MISMATCH_MESSAGE = 'Passwords do not match';

/** The signed-in user as the API answers `GET /me`. */
export const userMeSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  plan: z.enum(planTypes),
  groups: z.array(z.string()),
});
export type UserMe = z.infer<typeof userMeSchema>;

// No explicit abort here: it would stop the password-match check below from running.
const emailSchema = text().min(1, REQUIRED_MESSAGE).pipe(z.email(INVALID_VALUE_MESSAGE));

/** Empty, or exactly 10 digits. */
const optionalPhoneSchema = text()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE)
  .optional();

export const registerInputSchema = strictObject({
  email: emailSchema,
  password: z
    .string({ error: requiredOrInvalid })
    .min(1, REQUIRED_MESSAGE)
    .min(PASSWORD_MIN_LENGTH, PASSWORD_LENGTH_MESSAGE),
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
  password: z.string({ error: requiredOrInvalid }).min(1, REQUIRED_MESSAGE),
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
