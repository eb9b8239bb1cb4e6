import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

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

/** One labelled input with its hint and error, wired for screen readers. */
export function AuthField({
  id,
  label,
  registration,
  hint,
  error,
  optionalLabel,
  ...inputProps
}: AuthFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {optionalLabel && <span className="text-xs text-slate-500">{optionalLabel}</span>}
      </div>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={optionalLabel ? undefined : true}
        aria-describedby={describedBy || undefined}
        className={`mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm outline-none focus:ring-2 ${
          error
            ? 'border-red-600 focus:border-red-600 focus:ring-red-200'
            : 'border-slate-300 focus:border-brand-700 focus:ring-brand-100'
        }`}
        {...inputProps}
        {...registration}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
