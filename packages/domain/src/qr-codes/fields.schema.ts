import { z } from 'zod';
import {
  INVALID_VALUE_MESSAGE,
  lengthMessage,
  PHONE_MESSAGE,
  REQUIRED_MESSAGE,
} from './messages.ts';

/** Building blocks for form and request schemas, so every field speaks the spec's messages. */

/** A missing value says 'Required'; a value of the wrong type or shape says 'Invalid value'. */
export const requiredOrInvalid = (issue: { input?: unknown }): string =>
  issue.input === undefined || issue.input === null ? REQUIRED_MESSAGE : INVALID_VALUE_MESSAGE;

/** A strict object (unknown keys rejected) with the spec's messages. */
export const strictObject = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, { error: requiredOrInvalid });

/** A trimmed string. */
export const text = () => z.string({ error: requiredOrInvalid }).trim();

/** A trimmed string that must not be empty ('Required'). */
export const requiredText = () => text().min(1, { error: REQUIRED_MESSAGE, abort: true });

/** A required trimmed string of min..max characters. */
export const requiredLengthText = (min: number, max: number) =>
  requiredText().min(min, lengthMessage(min, max)).max(max, lengthMessage(min, max));

/** An optional trimmed string of at most max characters. */
export const optionalLengthText = (max: number, message = lengthMessage(0, max)) =>
  text().max(max, message).optional();

export const PHONE_PATTERN = /^\d{10}$/;

/** Exactly 10 digits; empty says 'Required'. */
export const phoneNumberSchema = requiredText().regex(PHONE_PATTERN, PHONE_MESSAGE);
