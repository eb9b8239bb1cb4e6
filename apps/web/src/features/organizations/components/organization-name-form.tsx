import { zodResolver } from '@hookform/resolvers/zod';
import {
  createOrganizationInputSchema,
  ORGANIZATION_NAME_MAX,
  type CreateOrganizationInput,
  type OrganizationDetail,
} from '@carecode/domain/organizations/organization.schema';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';

/** The organisation's name, changed by its admins. */
export function OrganizationNameForm({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation('organizations');
  const { errorText, fieldText } = useErrorText();
  const id = useId();
  const update = useUpdateOrganization(organization.id);
  const form = useForm<CreateOrganizationInput>({
    resolver: zodResolver(createOrganizationInputSchema),
    values: { name: organization.name },
  });

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await update.mutateAsync({ name });
      toast.success(t('name.saved'));
    } catch (error) {
      const message = error instanceof ApiError ? error.fields?.name : undefined;
      if (message) form.setError('name', { type: 'server', message }, { shouldFocus: true });
      else toast.error(errorText(error));
    }
  });
  const nameError = form.formState.errors.name?.message;

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t('name.heading')}
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <FormField
            id={`${id}-name`}
            label={t('name.label')}
            error={nameError ? fieldText(nameError) : undefined}
            isRequired
          >
            <input type="text" maxLength={ORGANIZATION_NAME_MAX} {...form.register('name')} />
          </FormField>
        </div>
        <Button
          type="submit"
          className="sm:mt-6"
          disabled={update.isPending}
          aria-busy={update.isPending}
        >
          {update.isPending ? t('name.saving') : t('name.save')}
        </Button>
      </div>
    </form>
  );
}
