import { zodResolver } from '@hookform/resolvers/zod';
import {
  guardianInputSchema,
  guardianLimits,
  type Guardian,
  type GuardianInput,
} from '@carecode/domain/alerts/alert.schema';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentPlan } from '../../../lib/current-user.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { usePlanName } from '../../../lib/plan-name.ts';
import { useAddGuardian } from '../api/add-guardian.ts';
import { guardiansQueryOptions } from '../api/get-guardians.ts';
import { useRemoveGuardian } from '../api/remove-guardian.ts';

/** One guardian: the address, Pending or Confirmed, and Remove. */
function GuardianRow({ guardian, onRemove }: { guardian: Guardian; onRemove: () => void }) {
  const { t } = useTranslation('alerts');
  const isConfirmed = guardian.status === 'CONFIRMED';
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-medium text-slate-900">{guardian.email}</span>
        <Badge tone={isConfirmed ? 'green' : 'amber'}>
          {isConfirmed ? t('guardians.confirmed') : t('guardians.pending')}
        </Badge>
      </div>
      <Button
        variant="ghost"
        className="text-red-800"
        onClick={onRemove}
        aria-label={t('guardians.removeLabel', { email: guardian.email })}
      >
        {t('guardians.remove')}
      </Button>
    </li>
  );
}

/** The invite form: one e-mail address, checked by the domain's schema, then by the server. */
function InviteGuardianForm({ qrId }: { qrId: string }) {
  const { t } = useTranslation('alerts');
  const { errorText, fieldText } = useErrorText();
  const add = useAddGuardian(qrId);
  const form = useForm<GuardianInput>({
    resolver: zodResolver(guardianInputSchema),
    defaultValues: { email: '' },
  });
  const id = useId();

  const submit = form.handleSubmit(async (input) => {
    try {
      const guardian = await add.mutateAsync(input);
      form.reset();
      toast.success(t('guardians.invited', { email: guardian.email }));
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.email : undefined;
      if (fieldMessage)
        form.setError('email', { type: 'server', message: fieldMessage }, { shouldFocus: true });
    }
  });
  const emailError = form.formState.errors.email?.message;
  // A refusal about the address shows under the field; any other (the plan's limit) above it.
  const refusal =
    add.error instanceof ApiError && add.error.fields?.email ? undefined : (add.error ?? undefined);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-2">
      {refusal && (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-medium">{errorText(refusal)}</p>
          {refusal instanceof ApiError && refusal.code === 'GUARDIAN_LIMIT' && (
            <Link to="/pricing" className={buttonClass('secondary', 'mt-2')}>
              {t('guardians.viewPlans')}
            </Link>
          )}
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <FormField
            id={`${id}-email`}
            label={t('guardians.emailLabel')}
            error={emailError ? fieldText(emailError) : undefined}
            isRequired
          >
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register('email', { onChange: () => add.reset() })}
            />
          </FormField>
        </div>
        <Button
          type="submit"
          className="sm:mt-6"
          disabled={add.isPending}
          aria-busy={add.isPending}
        >
          {t('guardians.invite')}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Guardians' of a QR: people who also get its alerts by e-mail once they confirm. Lists them
 * with their state, removes one after asking, invites by e-mail, and says how many the plan
 * allows.
 */
export function GuardiansCard({ qrId }: { qrId: string }) {
  const { t } = useTranslation('alerts');
  const { errorText } = useErrorText();
  const plan = useCurrentPlan();
  const planName = usePlanName();
  const query = useQuery(guardiansQueryOptions(qrId));
  const remove = useRemoveGuardian(qrId);
  const [removing, setRemoving] = useState<Guardian | null>(null);
  const titleId = useId();
  const guardians = query.data ?? [];

  const confirmRemove = () => {
    if (!removing) return;
    const { id } = removing;
    setRemoving(null);
    remove.mutate(id, {
      onSuccess: () => toast.success(t('guardians.removed')),
      onError: (error) => toast.error(errorText(error)),
    });
  };

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={query.isPending}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('guardians.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('guardians.intro')}</p>
      {query.isError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errorText(query.error)}
        </p>
      )}
      {query.isSuccess && (
        <>
          <p className="text-sm font-medium text-slate-800">
            {t('guardians.usage', {
              used: guardians.length,
              limit: guardianLimits[plan],
              plan: planName(plan),
            })}
          </p>
          {guardians.length === 0 ? (
            <p className="text-sm text-slate-600">{t('guardians.empty')}</p>
          ) : (
            <ul aria-label={t('guardians.listLabel')} className="divide-y divide-slate-200">
              {guardians.map((guardian) => (
                <GuardianRow
                  key={guardian.id}
                  guardian={guardian}
                  onRemove={() => setRemoving(guardian)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <InviteGuardianForm qrId={qrId} />
      <ConfirmDialog
        open={removing !== null}
        title={t('guardians.removeTitle')}
        description={t('guardians.removeText', { email: removing?.email ?? '' })}
        confirmLabel={t('guardians.remove')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
