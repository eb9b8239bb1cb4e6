import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  hint?: string;
  /** Already translated. */
  error?: string;
  /** Shown beside the label of an optional field. */
  optionalLabel?: string;
}

/** One labelled input of the sign-in forms (the shared form field around an input). */
export function AuthField({
  id,
  label,
  registration,
  hint,
  error,
  optionalLabel,
  ...inputProps
}: AuthFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      error={error}
      optionalLabel={optionalLabel}
      isRequired={!optionalLabel}
    >
      <input {...inputProps} {...registration} />
    </FormField>
  );
}
