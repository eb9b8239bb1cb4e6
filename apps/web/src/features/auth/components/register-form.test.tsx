import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderApp } from '../../../test/kit.tsx';
import { RegisterForm } from './register-form.tsx';

async function renderForm(
  onSubmit = vi.fn().mockResolvedValue(undefined),
  language: 'en' | 'hi' = 'en',
) {
  await renderApp(<RegisterForm onSubmit={onSubmit} />, { language: language });
  return { onSubmit, user: userEvent.setup() };
}

/** The error text announced for the field labelled `label`, or null. */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: true });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: true });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const valid = {
  Email: 'asha@example.com',
  Password: 'secret1',
  'Confirm Password': 'secret1',
};

describe('RegisterForm', () => {
  it('shows labelled fields with autocomplete hints and an optional mobile number', async () => {
    await renderForm();
    expect(screen.getByLabelText('Email', { exact: true })).toHaveAttribute(
      'autocomplete',
      'email',
    );
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(screen.getByLabelText('Confirm Password', { exact: true })).toHaveAttribute(
      'type',
      'password',
    );
    const phone = screen.getByLabelText('Mobile number', { exact: true });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).not.toHaveAttribute('aria-required');
    expect(screen.getByText('Optional')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('says "Required" for an empty e-mail and password, focusing the first error', async () => {
    const { onSubmit, user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(errorOf('Email')).toBe('Required');
    expect(errorOf('Password')).toBe('Required');
    expect(screen.getByLabelText('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email', { exact: true })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a 5-character password with "Password must be at least 6 characters."', async () => {
    const { onSubmit, user } = await renderForm();
    await fill(user, { ...valid, Password: '12345', 'Confirm Password': '12345' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(errorOf('Password')).toBe('Password must be at least 6 characters.');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts exactly 6 characters', async () => {
    const { onSubmit, user } = await renderForm();
    await fill(user, { ...valid, Password: 'kite42', 'Confirm Password': 'kite42' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('refuses one of the most guessed passwords', async () => {
    const { onSubmit, user } = await renderForm();
    await fill(user, { ...valid, Password: '123456', 'Confirm Password': '123456' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(errorOf('Password')).toBe('This password is too easy to guess. Choose another.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a different confirmation with "Passwords do not match"', async () => {
    const { onSubmit, user } = await renderForm();
    await fill(user, { ...valid, 'Confirm Password': 'secret2' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(errorOf('Confirm Password')).toBe('Passwords do not match');
    expect(errorOf('Password')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a 9-digit mobile number with "Phone number must be 10 digits"', async () => {
    const { onSubmit, user } = await renderForm();
    await fill(user, { ...valid, 'Mobile number': '987654321' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(errorOf('Mobile number')).toBe('Phone number must be 10 digits');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the checked values, without a phone when it is left empty', async () => {
    const { onSubmit, user } = await renderForm();
    await fill(user, { ...valid, Email: '  asha@example.com ' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        email: 'asha@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
        phone: undefined,
      }),
    );
  });

  it('submits a 10-digit mobile number', async () => {
    const { onSubmit, user } = await renderForm();
    await fill(user, { ...valid, 'Mobile number': '9876543210' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ phone: '9876543210' })),
    );
  });

  it('shows "Creating Account..." and stays busy while the account is created', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = await renderForm(onSubmit);
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const busy = await screen.findByRole('button', { name: 'Creating Account...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    finish();
    // The browser is leaving for the provider: the button stays busy.
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });

  it('shows a taken e-mail in an alert and focuses the e-mail field', async () => {
    const message = 'An account with this e-mail already exists.';
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(409, 'EMAIL_TAKEN', { fields: { email: message } }));
    const { user } = await renderForm(onSubmit);
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email', { exact: true })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('shows "An error occurred. Please try again." for any other failure', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('socket hang up'));
    const { user } = await renderForm(onSubmit);
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again.',
    );
  });

  it('speaks Hindi: labels, rules and the busy label', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = await renderForm(onSubmit, 'hi');
    await fill(user, { ईमेल: 'asha@example.com', पासवर्ड: '12345', 'पासवर्ड की पुष्टि करें': '1234' });
    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    expect(errorOf('पासवर्ड')).toBe('पासवर्ड कम से कम 6 अक्षरों का होना चाहिए।');
    expect(errorOf('पासवर्ड की पुष्टि करें')).toBe('पासवर्ड मेल नहीं खाते');
    await fill(user, { पासवर्ड: 'secret1', 'पासवर्ड की पुष्टि करें': 'secret1' });
    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    expect(await screen.findByRole('button', { name: 'खाता बनाया जा रहा है...' })).toBeDisabled();
    finish();
  });
});
