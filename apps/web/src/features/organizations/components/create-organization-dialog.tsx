import { zodResolver } from '@hookform/resolvers/zod';
import {
  createOrganizationInputSchema,
  ORGANIZATION_NAME_MAX,
  type CreateOrganizationInput,
  type Organization,
} from '@carecode/domain/organizations/organization.schema';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useCreateOrganization } from '../api/create-organization.ts';

/** 'New organisation': asks its name, creates it and hands it to `onCreated`. */
export function CreateOrganizationButton({
  onCreated,
}: {
  onCreated: (organization: Organization) => void;
}) {
  const { t } = useTranslation(['organizations', 'common']);
  const { errorText, fieldText } = useErrorText();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const create = useCreateOrganization();
  const form = useForm<CreateOrganizationInput>({
    resolver: zodResolver(createOrganizationInputSchema),
    defaultValues: { name: '' },
  });

  const close = () => {
    setOpen(false);
    form.reset();
    create.reset();
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      const organization = await create.mutateAsync(input);
      toast.success(t('create.created', { name: organization.name }));
      close();
      onCreated(organization);
    } catch (error) {
      const message = error instanceof ApiError ? error.fields?.name : undefined;
      if (message) form.setError('name', { type: 'server', message }, { shouldFocus: true });
    }
  });
  const nameError = form.formState.errors.name?.message;
  const refusal =
    create.error instanceof ApiError && create.error.fields?.name ? undefined : create.error;

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <span aria-hidden="true" className="text-lg leading-none">
          +
        </span>
        {t('switch.newOrganization')}
      </Button>
      <Dialog
        open={isOpen}
        onClose={close}
        title={t('create.title')}
        description={t('create.intro')}
        closeLabel={t('common:actions.close')}
        size="sm"
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {refusal && (
            <p
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              {errorText(refusal)}
            </p>
          )}
          <FormField
            id={`${id}-name`}
            label={t('create.nameLabel')}
            error={nameError ? fieldText(nameError) : undefined}
            isRequired
          >
            <input
              type="text"
              autoComplete="organization"
              maxLength={ORGANIZATION_NAME_MAX}
              data-autofocus
              {...form.register('name', { onChange: () => create.reset() })}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
              {create.isPending ? t('create.creating') : t('create.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
