import { zodResolver } from '@hookform/resolvers/zod';
import { loginInputSchema, type LoginInput } from '@carecode/domain/users/user.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { applyServerError } from '../lib/apply-server-error.ts';
import { translateAuthMessage } from '../lib/auth-messages.ts';
import { AuthAlert } from './auth-card.tsx';
import { AuthField } from './auth-field.tsx';

const FIELDS = ['email', 'password'] as const;

/** E-mail and password; `onSubmit` resolves once the browser is on its way. */
export function LoginForm({ onSubmit }: { onSubmit: (input: LoginInput) => Promise<void> }) {
  const { t } = useTranslation('auth');
  const [serverError, setServerError] = useState<string | undefined>();
  const [isLeaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (input) => {
    setServerError(undefined);
    try {
      await onSubmit(input);
      setLeaving(true);
    } catch (error) {
      const message = applyServerError(error, FIELDS, setError, setFocus);
      setServerError(translateAuthMessage(t, message));
    }
  });
  const isBusy = isSubmitting || isLeaving;
  const fieldError = (name: (typeof FIELDS)[number]) =>
    errors[name]?.message ? translateAuthMessage(t, errors[name]?.message) : undefined;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {serverError && <AuthAlert message={serverError} />}
      <AuthField
        id="login-email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        registration={register('email')}
        error={fieldError('email')}
      />
      <AuthField
        id="login-password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={fieldError('password')}
      />
      <Button type="submit" className="w-full" disabled={isBusy} aria-busy={isBusy}>
        {isBusy ? t('login.busy') : t('login.submit')}
      </Button>
    </form>
  );
}
