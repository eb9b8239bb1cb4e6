import { zodResolver } from '@hookform/resolvers/zod';
import { loginInputSchema, type LoginInput } from '@carecode/domain/users/user.schema';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useAuthSubmit } from '../hooks/use-auth-submit.ts';
import { AuthAlert } from './auth-card.tsx';
import { AuthField } from './auth-field.tsx';

const FIELDS = ['email', 'password'] as const;

/** E-mail and password; `onSubmit` resolves once the browser is on its way. */
export function LoginForm({ onSubmit }: { onSubmit: (input: LoginInput) => Promise<void> }) {
  const { t } = useTranslation('auth');
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { register } = form;
  const { submit, serverError, fieldError, isBusy } = useAuthSubmit(form, FIELDS, (input) =>
    onSubmit(input),
  );

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
      <p className="text-right text-sm">
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
          {t('login.forgot')}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={isBusy} aria-busy={isBusy}>
        {isBusy ? t('login.busy') : t('login.submit')}
      </Button>
    </form>
  );
}
