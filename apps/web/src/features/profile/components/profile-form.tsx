import { bloodGroups } from '@carecode/domain/qr-codes/blood-group-labels';
import type { OwnProfile } from '@carecode/domain/profiles/profile.schema';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { HeartPulseIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  profileFormResolver,
  toFormValues,
  toProfileInput,
  type ProfileFormValues,
} from '../lib/profile-form-values.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { DetailsCard, useBloodGroupLabel } from './profile-details.tsx';

/** Edit mode: 'Save Changes' sends the profile, 'Cancel' goes back without saving. */
export function ProfileForm({ data, onDone }: { data: OwnProfile; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const { errorText, fieldText } = useErrorText();
  const bloodGroupLabel = useBloodGroupLabel();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    defaultValues: toFormValues(data.profile),
    resolver: profileFormResolver,
    shouldFocusError: true,
  });
  const message = (error?: { message?: string }) =>
    error?.message ? fieldText(error.message) : undefined;

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await update.mutateAsync(toProfileInput(values));
        toast.success(t('toast.updated'));
        onDone();
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          for (const [path, text] of Object.entries(error.fields)) {
            setError(path as keyof ProfileFormValues, { type: 'server', message: text });
          }
          toast.error(t('toast.fixErrors'));
        } else {
          toast.error(errorText(error));
        }
      }
    },
    // Invalid input: the messages show beside the fields and the first one takes the focus.
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('actions.edit')} className="space-y-5">
      <DetailsCard icon={<UserIcon size={20} />} title={t('personal.heading')}>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormField id="profile-name" label={t('personal.name')} error={message(errors.name)}>
            <input type="text" autoComplete="nickname" {...register('name')} />
          </FormField>
          <FormField
            id="profile-full-name"
            label={t('personal.fullName')}
            error={message(errors.fullName)}
          >
            <input type="text" autoComplete="name" {...register('fullName')} />
          </FormField>
          <div className="sm:col-span-2">
            <p className="text-sm font-medium text-slate-800">{t('personal.email')}</p>
            <p className="mt-1 break-all text-slate-900">{data.email || t('notSpecified')}</p>
            <p className="mt-1 text-xs text-slate-600">{t('personal.emailHint')}</p>
          </div>
        </div>
      </DetailsCard>

      <DetailsCard icon={<HeartPulseIcon size={20} />} title={t('medical.heading')}>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormField
            id="profile-blood-group"
            label={t('medical.bloodGroup')}
            error={message(errors.bloodGroup)}
          >
            <select {...register('bloodGroup')}>
              <option value="">{t('medical.bloodGroupNone')}</option>
              {bloodGroups.map((group) => (
                <option key={group} value={group}>
                  {bloodGroupLabel(group)}
                </option>
              ))}
            </select>
          </FormField>
          <div className="sm:col-span-2">
            <FormField
              id="profile-allergies"
              label={t('medical.allergies')}
              hint={t('medical.allergiesHint')}
              error={message(errors.allergies)}
            >
              <textarea rows={2} {...register('allergies')} />
            </FormField>
          </div>
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900">
              {t('medical.emergencyContact')}
            </legend>
            <FormField
              id="profile-emergency-name"
              label={t('medical.emergencyName')}
              error={message(errors.emergencyContact?.name)}
            >
              <input type="text" autoComplete="off" {...register('emergencyContact.name')} />
            </FormField>
            <FormField
              id="profile-emergency-phone"
              label={t('medical.emergencyPhone')}
              hint={t('medical.phoneHint')}
              error={message(errors.emergencyContact?.phoneNumber)}
            >
              <input
                type="tel"
                inputMode="numeric"
                autoComplete="off"
                {...register('emergencyContact.phoneNumber')}
              />
            </FormField>
          </fieldset>
        </div>
      </DetailsCard>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('actions.saving') : t('actions.save')}
        </Button>
      </div>
    </form>
  );
}
