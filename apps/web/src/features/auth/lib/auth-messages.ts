import {
  PASSWORD_LENGTH_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
} from '@carecode/domain/users/user.schema';
import {
  INVALID_VALUE_MESSAGE,
  PHONE_MESSAGE,
  REQUIRED_MESSAGE,
} from '@carecode/domain/qr-codes/messages';
import type { TFunction } from 'i18next';

/** Server and domain messages (English sentences) mapped to keys of the `auth` namespace. */
const keyByMessage: Record<string, string> = {
  [REQUIRED_MESSAGE]: 'messages.required',
  [INVALID_VALUE_MESSAGE]: 'messages.invalid',
  [PHONE_MESSAGE]: 'messages.phone',
  [PASSWORD_LENGTH_MESSAGE]: 'messages.passwordLength',
  [PASSWORDS_MISMATCH_MESSAGE]: 'messages.passwordsMismatch',
  'An account with this e-mail already exists.': 'messages.emailTaken',
  'Incorrect password.': 'messages.wrongPassword',
  'No account found for this e-mail.': 'messages.unknownEmail',
  'Too many attempts. Please wait a few minutes and try again.': 'messages.tooManyAttempts',
  'This sign-in page has expired. Please start again.': 'messages.expired',
};

/** The message in the user's language; anything unknown becomes the generic error. */
export function translateAuthMessage(t: TFunction<'auth'>, message: string | undefined): string {
  const key = message ? keyByMessage[message] : undefined;
  return t((key ?? 'messages.generic') as 'messages.generic');
}
