import {
  INVALID_VALUE_MESSAGE,
  PHONE_MESSAGE,
  REQUIRED_MESSAGE,
} from '@carecode/domain/qr-codes/messages';
import type { TFunction } from 'i18next';

const LENGTH_PATTERN = /^This field must be between (\d+) and (\d+) characters$/;

const keyByMessage = {
  [REQUIRED_MESSAGE]: 'validation.required',
  [INVALID_VALUE_MESSAGE]: 'validation.invalid',
  [PHONE_MESSAGE]: 'validation.phone',
} as const;

/**
 * The domain's validation messages are English sentences (spec §8); this shows one in the
 * user's language. A message it does not know is shown as it is.
 */
export function translateValidationMessage(t: TFunction<'profile'>, message: string): string {
  const key = keyByMessage[message as keyof typeof keyByMessage];
  if (key) return t(key);
  const length = LENGTH_PATTERN.exec(message);
  if (length) return t('validation.length', { min: Number(length[1]), max: Number(length[2]) });
  return message;
}
