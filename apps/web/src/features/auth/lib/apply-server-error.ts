import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ErrorCode } from '@carecode/domain/errors/error-catalog';
import { ApiError } from '../../../lib/api-client.ts';

/** Which field a server answer is about, so focus can go there. */
const fieldByCode: Partial<Record<ErrorCode, string>> = {
  EMAIL_TAKEN: 'email',
  INVALID_CREDENTIALS: 'password',
};

/**
 * Puts a failed submit on the form: per-field messages on their inputs (the first one focused),
 * or the focus on the field the answer is about. The alert above the form shows the answer.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
  setFocus: (name: Path<T>) => void,
): void {
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
  const field = apiError ? fieldByCode[apiError.code] : undefined;
  if (!focused && field && fieldNames.includes(field as Path<T>)) setFocus(field as Path<T>);
}
