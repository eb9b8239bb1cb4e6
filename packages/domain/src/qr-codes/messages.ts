/** Validation messages of spec §5 / §8, kept in one place. */
export const REQUIRED_MESSAGE = 'Required';
export const INVALID_VALUE_MESSAGE = 'Invalid value';
export const PHONE_MESSAGE = 'Phone number must be 10 digits';
export const SCHOOL_NAME_MESSAGE = 'School name must be at most 30 characters';

export const lengthMessage = (min: number, max: number): string =>
  `This field must be between ${min} and ${max} characters`;
