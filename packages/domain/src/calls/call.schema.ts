import { z } from 'zod';
import type { PlanType } from '../plans/plans.ts';
import { requiredOrInvalid, strictObject } from '../qr-codes/fields.schema.ts';
import type { ContactGroup } from '../qr-codes/qr-fields.ts';

/** The plans whose owners may hide their numbers behind the call bridge. */
export const HIDE_NUMBERS_PLANS: readonly PlanType[] = ['PREMIUM', 'BUSINESS'];
export const canHideNumbers = (plan: PlanType) => HIDE_NUMBERS_PLANS.includes(plan);

/** Calls one scan session may ask for, and one scanner number a day (India time). */
export const CALLS_PER_SESSION = 3;
export const CALLS_PER_NUMBER_PER_DAY = 10;
/** The longest bridged call, in seconds (the gateway's TimeLimit). */
export const CALL_TIME_LIMIT_SECONDS = 600;

export const INDIAN_MOBILE_MESSAGE = 'Enter a 10-digit Indian mobile number';

/**
 * An Indian mobile number as people type it: 10 digits starting 6–9, optionally after +91, 91 or
 * 0, with spaces or dashes. Answers the E.164 form, +91XXXXXXXXXX.
 */
export const indianMobileSchema = z
  .string({ error: requiredOrInvalid })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(?:\+91|91|0)?[6-9]\d{9}$/, INDIAN_MOBILE_MESSAGE)
      .transform((digits) => `+91${digits.slice(-10)}`),
  );

const contactGroups = [
  'ownerContact',
  'emergencyContact',
  'schoolContact',
] as const satisfies readonly ContactGroup[];

/** POST /scans/{scanId}/calls: which contact to call, and the scanner's own number. */
export const callRequestSchema = strictObject({
  contact: z.enum(contactGroups, { error: requiredOrInvalid }),
  phoneNumber: indianMobileSchema,
});
export type CallRequest = z.input<typeof callRequestSchema>;

export const callStatuses = [
  'requested',
  'in-progress',
  'completed',
  'failed',
  'busy',
  'no-answer',
] as const;
export type CallStatus = (typeof callStatuses)[number];

/** A call as the scanner's page sees it. */
export const callSchema = z.object({
  id: z.string(),
  contact: z.enum(contactGroups),
  status: z.enum(callStatuses),
  /** The sandbox gateway dials nobody: the page says the call is simulated. */
  simulated: z.boolean(),
});
export type Call = z.infer<typeof callSchema>;

/** A call as the owner's history shows it: the scanner's number only by its last two digits. */
export const ownerCallSchema = z.object({
  id: z.string(),
  contact: z.enum(contactGroups),
  status: z.enum(callStatuses),
  durationSeconds: z.number().int().nonnegative().nullable(),
  scannerLast2: z.string(),
  /** Placed through the sandbox gateway: nobody was dialled. */
  simulated: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OwnerCall = z.infer<typeof ownerCallSchema>;
