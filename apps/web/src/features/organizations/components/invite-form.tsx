import { zodResolver } from '@hookform/resolvers/zod';
import {
  invitableRoles,
  invitationInputSchema,
  type InvitableRole,
  type InvitationInput,
} from '@carecode/domain/organizations/organization.schema';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';

/** The form's values: the role as the select holds it (the schema lower-cases what it gets). */
interface InviteFormValues {
  email: string;
  role: InvitableRole;
}
type InviteFields = keyof InviteFormValues;
const isInviteField = (field: string): field is InviteFields =>
  field === 'email' || field === 'role';

/**
 * 'Invite people': an e-mail address and a role, checked by the domain's schema, then by the
 * server; its field messages show under their fields, any other refusal above the form.
 */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const { errorText, fieldText } = useErrorText();
  const id = useId();
  const invite = useCreateInvitation(organizationId);
  const form = useForm<InviteFormValues, unknown, InvitationInput>({
    // The schema's input type leaves the role open (it trims and lower-cases any text).
    resolver: zodResolver(invitationInputSchema) as unknown as Resolver<
      InviteFormValues,
      unknown,
      InvitationInput
    >,
    defaultValues: { email: '', role: 'member' },
  });
  const role = form.watch('role');

  const submit = form.handleSubmit(async (input) => {
    try {
      const invitation = await invite.mutateAsync(input);
      form.reset({ email: '', role: input.role });
      toast.success(t('invite.sent', { email: invitation.email }));
    } catch (error) {
      if (!(error instanceof ApiError) || !error.fields) return;
      let isFirst = true;
      for (const [field, message] of Object.entries(error.fields)) {
        if (!isInviteField(field)) continue;
        form.setError(field, { type: 'server', message }, { shouldFocus: isFirst });
        isFirst = false;
      }
    }
  });
  const errors = form.formState.errors;
  const hasFieldRefusal =
    invite.error instanceof ApiError &&
    Object.keys(invite.error.fields ?? {}).some((field) => isInviteField(field));
  const refusal = invite.error && !hasFieldRefusal ? invite.error : undefined;

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t('invite.heading')}
      </h2>
      <p className="text-sm text-slate-600">{t('invite.intro')}</p>
      {refusal && (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {errorText(refusal)}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <FormField
          id={`${id}-email`}
          label={t('invite.emailLabel')}
          error={errors.email?.message ? fieldText(errors.email.message) : undefined}
          isRequired
        >
          <input
            type="email"
            autoComplete="off"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('email', { onChange: () => invite.reset() })}
          />
        </FormField>
        <FormField
          id={`${id}-role`}
          label={t('invite.roleLabel')}
          hint={invitableRoles.includes(role) ? t(`invite.roleHint.${role}`) : undefined}
          error={errors.role?.message ? fieldText(errors.role.message) : undefined}
          isRequired
        >
          <select {...form.register('role', { onChange: () => invite.reset() })}>
            {invitableRoles.map((item) => (
              <option key={item} value={item}>
                {t(`roles.${item}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending}>
        {invite.isPending ? t('invite.sending') : t('invite.submit')}
      </Button>
    </form>
  );
}
