import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerError } from '../lib/apply-server-error.ts';
import { useErrorText } from '../../../lib/error-text.ts';

/**
 * What the sign-in and registration forms share: submit with the server's errors put on their
 * fields (or in the alert), translated messages, and a busy state that lasts until the browser
 * has left for the provider.
 */
export function useAuthSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
  send: (input: T) => Promise<void>,
) {
  const { errorText, fieldText } = useErrorText();
  const [serverError, setServerError] = useState<string | undefined>();
  const [isLeaving, setLeaving] = useState(false);
  const {
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (input) => {
    setServerError(undefined);
    try {
      await send(input);
      setLeaving(true);
    } catch (error) {
      applyServerError(error, fields, setError, setFocus);
      setServerError(errorText(error));
    }
  });
  const fieldError = (name: Path<T>) => {
    const message = (errors[name] as { message?: string } | undefined)?.message;
    return message ? fieldText(message) : undefined;
  };
  return { submit, serverError, fieldError, isBusy: isSubmitting || isLeaving };
}
