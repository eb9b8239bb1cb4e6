import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderApp } from '../../../test/kit.tsx';
import { LoginForm } from './login-form.tsx';

async function signIn(onSubmit: () => Promise<void>, language: 'en' | 'hi' = 'en') {
  await renderApp(<LoginForm onSubmit={onSubmit} />, { language: language });
  const user = userEvent.setup();
  const labels =
    language === 'en' ? ['Email', 'Password', 'Sign in'] : ['ईमेल', 'पासवर्ड', 'साइन इन करें'];
  await user.type(screen.getByLabelText(labels[0], { exact: true }), 'asha@example.com');
  await user.type(screen.getByLabelText(labels[1], { exact: true }), 'secret1');
  await user.click(screen.getByRole('button', { name: labels[2] }));
}

describe('LoginForm', () => {
  it('sends e-mail and password and shows "Signing in..." meanwhile', async () => {
    const onSubmit = vi.fn(() => new Promise<void>(() => undefined));
    await signIn(onSubmit);
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({ email: 'asha@example.com', password: 'secret1' });
  });

  it('says "Incorrect e-mail or password." and puts the cursor back in the password field', async () => {
    await signIn(vi.fn().mockRejectedValue(new ApiError(401, 'INVALID_CREDENTIALS')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password.');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveFocus();
  });

  it('shows the slow-down answer in Hindi', async () => {
    await signIn(vi.fn().mockRejectedValue(new ApiError(429, 'TOO_MANY_ATTEMPTS')), 'hi');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'बहुत अधिक प्रयास हुए। कृपया थोड़ा रुककर फिर से प्रयास करें।',
    );
  });

  it('asks for both fields before sending anything', async () => {
    const onSubmit = vi.fn();
    await renderApp(<LoginForm onSubmit={onSubmit} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
