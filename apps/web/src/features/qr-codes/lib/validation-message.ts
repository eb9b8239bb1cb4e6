import {
  INVALID_VALUE_MESSAGE,
  PHONE_MESSAGE,
  REQUIRED_MESSAGE,
  SCHOOL_NAME_MESSAGE,
} from '@carecode/domain/qr-codes/messages';
import type { TFunction } from 'i18next';

const LENGTH_PATTERN = /^This field must be between (\d+) and (\d+) characters$/;

const keyByMessage: Record<string, string> = {
  [REQUIRED_MESSAGE]: 'validation.required',
  [INVALID_VALUE_MESSAGE]: 'validation.invalid',
  [PHONE_MESSAGE]: 'validation.phone',
  [SCHOOL_NAME_MESSAGE]: 'validation.schoolName',
};

/**
 * The domain's validation messages are English sentences (spec §8); this turns one into the
 * user's language. A message it does not know is shown as it is.
 */
export function translateValidationMessage(t: TFunction<'qr-codes'>, message: string): string {
  const key = keyByMessage[message];
  if (key) return t(key as 'validation.required');
  const length = LENGTH_PATTERN.exec(message);
  if (length) return t('validation.length', { min: Number(length[1]), max: Number(length[2]) });
  return message;
}
