import { quietHoursSchema, type AlertPreferences } from '@carecode/domain/alerts/alert.schema';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadingView } from '../../../components/ui/loading-view.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { alertPreferencesQueryOptions } from '../api/get-alert-preferences.ts';
import { useUpdateAlertPreferences } from '../api/update-alert-preferences.ts';

/** Quiet hours a new setting starts with: 22:00 to 07:00, India time. */
export const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' } as const;

/** Whether the account's e-mail address is confirmed (the server's word, else the token's). */
function useIsEmailVerified() {
  const me = useCurrentUser().data;
  const profile = useAuth().user?.profile;
  return {
    email: me?.email ?? profile?.email ?? '',
    isVerified: me?.emailVerified ?? profile?.email_verified ?? false,
  };
}

/** The account's alert settings: push, e-mail, quiet hours; loaded, then edited and saved. */
export function AlertPreferencesForm() {
  const { errorText } = useErrorText();
  const query = useQuery(alertPreferencesQueryOptions());
  if (query.isPending) return <LoadingView hint={false} />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
        {errorText(query.error)}
      </p>
    );
  }
  return <PreferencesFields initial={query.data} />;
}

function PreferencesFields({ initial }: { initial: AlertPreferences }) {
  const { t } = useTranslation('alerts');
  const { errorText, fieldText } = useErrorText();
  const { email, isVerified } = useIsEmailVerified();
  const save = useUpdateAlertPreferences();
  const ids = useId();
  const [push, setPush] = useState(initial.push);
  const [byEmail, setByEmail] = useState(initial.email);
  const [hasQuietHours, setHasQuietHours] = useState(initial.quietHours !== null);
  const [quiet, setQuiet] = useState(initial.quietHours ?? DEFAULT_QUIET_HOURS);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'start' | 'end', string>>>({});

  /** Any change makes an earlier 'saved' or failure stale. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      save.reset();
      set(value);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let quietHours = null;
    if (hasQuietHours) {
      const parsed = quietHoursSchema.safeParse(quiet);
      if (!parsed.success) {
        const errors: Partial<Record<'start' | 'end', string>> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (field === 'start' || field === 'end') errors[field] ??= fieldText(issue.message);
        }
        setFieldErrors(errors);
        return;
      }
      quietHours = parsed.data;
    }
    setFieldErrors({});
    save.mutate({ push, email: byEmail, quietHours });
  };

  const emailNoteId = `${ids}-email-note`;
  const quietNoteId = `${ids}-quiet-note`;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('preferences.formLabel')}
      className="space-y-4"
    >
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        <div className="p-4">
          <Switch
            checked={push}
            onCheckedChange={edit(setPush)}
            label={t('preferences.push')}
            aria-describedby={`${ids}-push-note`}
          />
          <p id={`${ids}-push-note`} className="mt-1 text-sm text-slate-600">
            {t('preferences.pushHint')}
          </p>
        </div>
        <div className="p-4">
          <Switch
            checked={byEmail}
            onCheckedChange={edit(setByEmail)}
            label={t('preferences.email')}
            aria-describedby={emailNoteId}
          />
          <p id={emailNoteId} className="mt-1 text-sm break-words text-slate-600">
            {isVerified ? (
              t('preferences.emailHint', { email })
            ) : (
              <span className="font-medium text-amber-900">{t('preferences.emailUnverified')}</span>
            )}
          </p>
        </div>
        <div className="space-y-3 p-4">
          <Switch
            checked={hasQuietHours}
            onCheckedChange={edit(setHasQuietHours)}
            label={t('preferences.quietHours')}
            aria-describedby={quietNoteId}
          />
          {hasQuietHours && (
            <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
              <FormField
                id={`${ids}-quiet-start`}
                label={t('preferences.quietStart')}
                error={fieldErrors.start}
                isRequired
              >
                <input
                  type="time"
                  value={quiet.start}
                  onChange={(event) => edit(setQuiet)({ ...quiet, start: event.target.value })}
                />
              </FormField>
              <FormField
                id={`${ids}-quiet-end`}
                label={t('preferences.quietEnd')}
                error={fieldErrors.end}
                isRequired
              >
                <input
                  type="time"
                  value={quiet.end}
                  onChange={(event) => edit(setQuiet)({ ...quiet, end: event.target.value })}
                />
              </FormField>
            </div>
          )}
          <p id={quietNoteId} className="text-sm text-slate-600">
            {t('preferences.quietNote')}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t('preferences.saving') : t('preferences.save')}
        </Button>
        <p role="status" className="text-sm font-medium text-green-800">
          {save.isSuccess ? t('preferences.saved') : ''}
        </p>
      </div>
      {save.isError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
}
