import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordResetInputSchema,
  type PasswordResetInput,
} from '@carecode/domain/users/user.schema';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { confirmPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthField } from './auth-field.tsx';

/** /reset-password?token=: a new password, twice; then sign in with it (other devices are out). */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const { errorText, fieldText } = useErrorText();
  const form = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetInputSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const reset = useMutation({ mutationFn: confirmPasswordReset });
  const { errors } = form.formState;
  const errorOf = (message?: string) => (message ? fieldText(message) : undefined);
  return (
    <AuthCard heading={t('reset.heading')} intro={reset.isSuccess ? undefined : t('reset.intro')}>
      <title>{`${t('reset.heading')} · CareCode`}</title>
      {reset.isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="font-medium text-green-800">
            {t('reset.done')}
          </p>
          <Link to="/login" className={buttonClass('primary', 'w-full')}>
            {t('reset.signIn')}
          </Link>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit((input) => reset.mutate(input))(event)}
          className="space-y-4"
        >
          {reset.isError && <Alert>{errorText(reset.error)}</Alert>}
          <AuthField
            id="reset-password"
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            registration={form.register('password')}
            error={errorOf(errors.password?.message)}
          />
          <AuthField
            id="reset-confirm"
            label={t('fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            registration={form.register('confirmPassword')}
            error={errorOf(errors.confirmPassword?.message)}
          />
          <Button
            type="submit"
            className="w-full"
            disabled={reset.isPending}
            aria-busy={reset.isPending}
          >
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
