import { zodResolver } from '@hookform/resolvers/zod';
import { registerInputSchema, type RegisterInput } from '@carecode/domain/users/user.schema';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useAuthSubmit } from '../hooks/use-auth-submit.ts';
import { AuthAlert } from './auth-card.tsx';
import { AuthField } from './auth-field.tsx';

const FIELDS = ['email', 'password', 'confirmPassword', 'phone'] as const;

/**
 * E-mail, password, confirm password and an optional 10-digit mobile number, checked with the
 * domain rules; `onSubmit` resolves once the browser is on its way.
 */
export function RegisterForm({ onSubmit }: { onSubmit: (input: RegisterInput) => Promise<void> }) {
  const { t } = useTranslation('auth');
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { email: '', password: '', confirmPassword: '', phone: '' },
  });
  const { register } = form;
  const { submit, serverError, fieldError, isBusy } = useAuthSubmit(form, FIELDS, (input) =>
    onSubmit({ ...input, phone: input.phone || undefined }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {serverError && <AuthAlert message={serverError} />}
      <AuthField
        id="register-email"
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
        id="register-password"
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        registration={register('password')}
        error={fieldError('password')}
      />
      <AuthField
        id="register-confirm-password"
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={fieldError('confirmPassword')}
      />
      <AuthField
        id="register-phone"
        label={t('fields.phone')}
        optionalLabel={t('fields.optional')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        hint={t('fields.phoneHint')}
        registration={register('phone')}
        error={fieldError('phone')}
      />
      <Button type="submit" className="w-full" disabled={isBusy} aria-busy={isBusy}>
        {isBusy ? t('register.busy') : t('register.submit')}
      </Button>
    </form>
  );
}
