import { bloodGroupLabels, bloodGroups } from '@carecode/domain/qr-codes/blood-group-labels';
import {
  prepareDetailsForSubmit,
  qrDetailsSchemaByType,
  type QrDetails,
  type QrType,
} from '@carecode/domain/qr-codes/qr-code.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, type FieldError, type Resolver, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import {
  formLayout,
  initialFormValues,
  withoutBlankValues,
  type FieldSpec,
} from '../lib/form-layout.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useErrorText } from '../../../lib/error-text.ts';

type FormValues = Record<string, string | Record<string, string>>;

export interface QrDetailsFormProps {
  type: QrType;
  /** Existing details to edit; omit for a new QR. */
  defaultDetails?: unknown;
  submitLabel: string;
  busyLabel: string;
  /**
   * Receives the validated details (trimmed, blood group mapped, optional medical block dropped
   * when empty). Resolve with server field errors (`details.x.y` → message) to show them inline.
   */
  onSubmit: (details: QrDetails) => Promise<Record<string, string> | void>;
  onCancel?: () => void;
  cancelLabel?: string;
  /** A statement the owner must tick before the form is sent (the child's guardian, on create). */
  confirmation?: { label: string; requiredMessage: string };
}

/** The resolver checks what would be sent: blanks dropped, optional medical block removed. */
function detailsResolver(type: QrType): Resolver<FormValues, unknown, QrDetails> {
  const check = zodResolver(qrDetailsSchemaByType[type] as never) as unknown as Resolver<
    FormValues,
    unknown,
    QrDetails
  >;
  return (values, context, options) =>
    check(prepareDetailsForSubmit(type, withoutBlankValues(values)), context, options);
}

function QrField({
  spec,
  idPrefix,
  register,
  error,
}: {
  spec: FieldSpec;
  idPrefix: string;
  register: UseFormRegister<FormValues>;
  error?: FieldError;
}) {
  const { t } = useTranslation('qr-codes');
  const { fieldText } = useErrorText();
  const registration = register(spec.path);
  let control;
  if (spec.kind === 'bloodGroup') {
    control = (
      <select {...registration}>
        <option value="">{t('form.selectBloodGroup')}</option>
        {bloodGroups.map((group) => (
          <option key={group} value={group}>
            {group === 'DONT_KNOW' ? t('form.bloodGroupDontKnow') : bloodGroupLabels[group]}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === 'textarea') {
    control = <textarea rows={2} {...registration} />;
  } else if (spec.kind === 'phone') {
    control = <input type="tel" inputMode="numeric" autoComplete="off" {...registration} />;
  } else {
    control = <input type="text" autoComplete="off" {...registration} />;
  }
  return (
    <FormField
      id={`${idPrefix}-${spec.path.replace('.', '-')}`}
      label={t(`fields.${spec.label}`)}
      hint={spec.kind === 'phone' ? t('form.phoneHint') : undefined}
      error={error?.message ? fieldText(error.message) : undefined}
      optionalLabel={spec.isOptional ? t('form.optional') : undefined}
      isRequired={!spec.isOptional}
    >
      {control}
    </FormField>
  );
}

function errorAt(errors: object, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as FieldError | undefined;
}

/** The form of one kind of QR, with the spec's labels and inline, translated errors (spec §5). */
export function QrDetailsForm({
  type,
  defaultDetails,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
  cancelLabel,
  confirmation,
}: QrDetailsFormProps) {
  const { t } = useTranslation('qr-codes');
  const idPrefix = useId();
  const [isConfirmed, setConfirmed] = useState(false);
  const [isConfirmMissing, setConfirmMissing] = useState(false);
  const confirmRef = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, QrDetails>({
    defaultValues: initialFormValues(type, defaultDetails),
    resolver: detailsResolver(type),
  });

  const submit = handleSubmit(async (details) => {
    if (confirmation && !isConfirmed) {
      setConfirmMissing(true);
      confirmRef.current?.focus();
      return;
    }
    const serverErrors = await onSubmit(details);
    if (!serverErrors) return;
    let isFirst = true;
    for (const [path, message] of Object.entries(serverErrors)) {
      const name = path.replace(/^details\./, '');
      if (name === path) continue;
      setError(name, { type: 'server', message }, { shouldFocus: isFirst });
      isFirst = false;
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {formLayout[type].map((section, index) => {
        const fields = (
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((spec) => (
              <div
                key={spec.path}
                className={spec.kind === 'textarea' ? 'sm:col-span-2' : undefined}
              >
                <QrField
                  spec={spec}
                  idPrefix={idPrefix}
                  register={register}
                  error={errorAt(errors, spec.path)}
                />
              </div>
            ))}
          </div>
        );
        return section.legend ? (
          <fieldset key={section.legend} className="rounded-xl border border-slate-200 p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold text-slate-700">
              {t(`groups.${section.legend}`)}
            </legend>
            {fields}
          </fieldset>
        ) : (
          <div key={index}>{fields}</div>
        );
      })}
      {confirmation && (
        <div>
          <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-slate-800">
            <input
              ref={confirmRef}
              type="checkbox"
              className="mt-1 h-5 w-5 shrink-0"
              checked={isConfirmed}
              aria-invalid={isConfirmMissing && !isConfirmed}
              aria-describedby={
                isConfirmMissing && !isConfirmed ? `${idPrefix}-confirm-error` : undefined
              }
              onChange={(event) => {
                setConfirmed(event.target.checked);
                if (event.target.checked) setConfirmMissing(false);
              }}
            />
            <span>{confirmation.label}</span>
          </label>
          {isConfirmMissing && !isConfirmed && (
            <p
              id={`${idPrefix}-confirm-error`}
              role="alert"
              className="mt-1 text-sm font-medium text-red-700"
            >
              {confirmation.requiredMessage}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel ?? t('form.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
