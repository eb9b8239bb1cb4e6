import { cloneElement, type ReactElement } from 'react';

interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
  className?: string;
}

export const controlClass = (hasError: boolean) =>
  `mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm outline-none focus:ring-2 ${
    hasError
      ? 'border-red-600 focus:border-red-600 focus:ring-red-200'
      : 'border-slate-300 focus:border-brand-700 focus:ring-brand-100'
  }`;

/**
 * A label, one control (input, select or textarea), a hint and the error, wired for screen
 * readers: the control gets its id, aria-invalid, aria-required and aria-describedby and the
 * shared look. Every form of the app (sign-in, QR details, profile) builds on it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  optionalLabel,
  isRequired = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  /** Already translated. */
  error?: string;
  /** Shown beside the label of an optional field. */
  optionalLabel?: string;
  /** Announced as required (aria-required). */
  isRequired?: boolean;
  children: ReactElement<FieldControlProps>;
}) {
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
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-required': isRequired || undefined,
        'aria-describedby': describedBy || undefined,
        className: controlClass(!!error),
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
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
