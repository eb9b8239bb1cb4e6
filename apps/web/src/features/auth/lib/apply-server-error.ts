import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';

/** Which field a server answer is about, so focus can go there. */
const fieldByMessage: Record<string, string> = {
  'An account with this e-mail already exists.': 'email',
  'No account found for this e-mail.': 'email',
  'Incorrect password.': 'password',
};

/**
 * Puts a failed submit on the form: per-field messages on their inputs (the first one focused)
 * and answers the message for the alert above the form.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
  setFocus: (name: Path<T>) => void,
): string | undefined {
  const apiError = error instanceof ApiError ? error : undefined;
  const message = apiError?.message;
  let focused = false;
  for (const [field, fieldMessage] of Object.entries(apiError?.fields ?? {})) {
    if (!fieldNames.includes(field as Path<T>) || fieldMessage === message) continue;
    setError(
      field as Path<T>,
      { type: 'server', message: fieldMessage },
      { shouldFocus: !focused },
    );
    focused = true;
  }
  const field = message ? fieldByMessage[message] : undefined;
  if (!focused && field && fieldNames.includes(field as Path<T>)) setFocus(field as Path<T>);
  return message;
}
