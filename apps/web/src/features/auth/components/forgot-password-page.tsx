import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordResetRequestSchema,
  type PasswordResetRequest,
} from '@carecode/domain/users/user.schema';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthField } from './auth-field.tsx';

/** /forgot-password: an e-mail address, then the same answer whether or not it has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { errorText, fieldText } = useErrorText();
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: (input: PasswordResetRequest) => requestPasswordReset(input.email),
  });
  const emailError = form.formState.errors.email?.message;
  return (
    <AuthCard
      heading={t('forgot.heading')}
      intro={t('forgot.intro')}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline">
          {t('forgot.back')}
        </Link>
      }
    >
      <title>{`${t('forgot.heading')} · CareCode`}</title>
      {send.isSuccess ? (
        <p role="status" className="font-medium text-green-800">
          {t('forgot.sent')}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit((input) => send.mutate(input))(event)}
          className="space-y-4"
        >
          {send.isError && <Alert>{errorText(send.error)}</Alert>}
          <AuthField
            id="forgot-email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            registration={form.register('email')}
            error={emailError ? fieldText(emailError) : undefined}
          />
          <Button
            type="submit"
            className="w-full"
            disabled={send.isPending}
            aria-busy={send.isPending}
          >
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
