import { fieldMessage, fieldMessages } from '../errors/field-messages.ts';

/** Validation messages of spec §5 / §8 (their codes and translations: errors/field-messages.ts). */
export const REQUIRED_MESSAGE = fieldMessages.REQUIRED.en;
export const INVALID_VALUE_MESSAGE = fieldMessages.INVALID.en;
export const PHONE_MESSAGE = fieldMessages.PHONE_DIGITS.en;
export const SCHOOL_NAME_MESSAGE = fieldMessages.SCHOOL_NAME_LENGTH.en;

export const lengthMessage = (min: number, max: number): string =>
  fieldMessage('LENGTH', { min, max });
