import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type FetchCall } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { GuardiansCard } from './guardians-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const guardian = (id: string, email: string, status: 'PENDING' | 'CONFIRMED') => ({
  id,
  email,
  status,
  createdAt: '2025-06-01T10:00:00.000Z',
});
const asha = guardian('g-1', 'asha@example.com', 'CONFIRMED');
const ravi = guardian('g-2', 'ravi@example.com', 'PENDING');

type Reply = { status?: number; body?: unknown };

function serve(list: unknown[], post?: (call: FetchCall) => Reply) {
  let current = [...list];
  return mockApi({
    'GET /qr-codes/qr-1/guardians': () => ({ body: current }),
    'POST /qr-codes/qr-1/guardians': (call) => {
      const reply = post?.(call) ?? {
        status: 201,
        body: guardian('g-new', (call.body as { email: string }).email, 'PENDING'),
      };
      if ((reply.status ?? 200) < 300) current = [...current, reply.body];
      return reply;
    },
    'DELETE /qr-codes/qr-1/guardians/g-1': () => {
      current = current.filter((item) => (item as { id: string }).id !== 'g-1');
      return { status: 204 };
    },
  });
}

const inviteAs = async (user: ReturnType<typeof userEvent.setup>, email: string) => {
  await user.type(screen.getByRole('textbox', { name: "Guardian's e-mail" }), email);
  await user.click(screen.getByRole('button', { name: 'Invite' }));
};

describe('the Guardians card', () => {
  it("lists each guardian's address and state, and how many the plan allows", async () => {
    serve([asha, ravi]);
    await renderApp(<GuardiansCard qrId="qr-1" />, { auth: fakeAuth({ groups: ['basic'] }) });
    const list = await screen.findByRole('list', { name: 'Guardians of this QR code' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('asha@example.com');
    expect(within(rows[0]).getByText('Confirmed')).toHaveAttribute('data-tone', 'green');
    expect(within(rows[1]).getByText('Pending')).toHaveAttribute('data-tone', 'amber');
    expect(screen.getByText('2 of 3 guardians on your Basic plan')).toBeInTheDocument();
  });

  it('invites a guardian by e-mail and lists them as Pending', async () => {
    const calls = serve([]);
    const user = userEvent.setup();
    await renderApp(<GuardiansCard qrId="qr-1" />);
    expect(await screen.findByText('No guardians yet.')).toBeInTheDocument();
    expect(screen.getByText('0 of 1 guardians on your Free plan')).toBeInTheDocument();
    await inviteAs(user, 'meera@example.com');
    const list = await screen.findByRole('list', { name: 'Guardians of this QR code' });
    expect(list).toHaveTextContent('meera@example.com');
    expect(within(list).getByText('Pending')).toBeInTheDocument();
    expect(await screen.findByText('Invitation sent to meera@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: "Guardian's e-mail" })).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'meera@example.com',
    });
    expect(screen.getByText('1 of 1 guardians on your Free plan')).toBeInTheDocument();
  });

  it('checks the address before sending, and shows the field error under the input', async () => {
    const calls = serve([]);
    const user = userEvent.setup();
    await renderApp(<GuardiansCard qrId="qr-1" />);
    await screen.findByText('No guardians yet.');
    await inviteAs(user, 'not-an-address');
    const input = screen.getByRole('textbox', { name: "Guardian's e-mail" });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription('Invalid value');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's field message under the input, and a duplicate above it", async () => {
    serve([], (call) =>
      (call.body as { email: string }).email.startsWith('bad')
        ? {
            status: 400,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: { email: 'This field must be at most 254 characters' },
            },
          }
        : { status: 409, body: { code: 'GUARDIAN_EXISTS', message: 'x' } },
    );
    const user = userEvent.setup();
    await renderApp(<GuardiansCard qrId="qr-1" />, { language: 'hi' });
    await screen.findByText('अभी कोई अभिभावक नहीं है।');
    const input = screen.getByRole('textbox', { name: 'अभिभावक का ई-मेल' });
    await user.type(input, 'bad@example.com');
    await user.click(screen.getByRole('button', { name: 'आमंत्रित करें' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('यह फ़ील्ड अधिकतम 254 अक्षरों का हो सकता है'),
    );
    expect(screen.queryByRole('alert')).toBeNull();

    await user.clear(input);
    await user.type(input, 'ravi@example.com');
    await user.click(screen.getByRole('button', { name: 'आमंत्रित करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह ई-मेल पता इस QR कोड के अलर्ट पहले से पाता है या उसे आमंत्रित किया जा चुका है।',
    );
  });

  it("shows the plan's limit from the server, with a way to the plans", async () => {
    serve([asha], () => ({
      status: 403,
      body: { code: 'GUARDIAN_LIMIT', message: 'x', params: { plan: 'FREE', limit: 1 } },
    }));
    const user = userEvent.setup();
    await renderApp(<GuardiansCard qrId="qr-1" />);
    expect(await screen.findByText('1 of 1 guardians on your Free plan')).toBeInTheDocument();
    await inviteAs(user, 'meera@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your Free plan allows up to 1 guardians a QR code. Upgrade on the Pricing page to add more.',
    );
    expect(within(alert).getByRole('link', { name: 'View Plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('removes a guardian only after Confirm in the dialog', async () => {
    const calls = serve([asha, ravi]);
    const user = userEvent.setup();
    await renderApp(<GuardiansCard qrId="qr-1" />, { auth: fakeAuth({ groups: ['basic'] }) });
    await user.click(await screen.findByRole('button', { name: 'Remove asha@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this guardian?' });
    expect(dialog).toHaveAccessibleDescription(
      'asha@example.com will no longer get alerts for this QR code.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove asha@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('asha@example.com')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/qr-codes/qr-1/guardians/g-1',
    ]);
    expect(await screen.findByText('Guardian removed.')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 guardians on your Basic plan')).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    serve([ravi]);
    await renderApp(<GuardiansCard qrId="qr-1" />, { language: 'hi' });
    expect(await screen.findByText('आपके फ़्री प्लान पर 1 में से 1 अभिभावक')).toBeInTheDocument();
    expect(screen.getByText('लंबित')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ravi@example.com को हटाएँ' })).toBeInTheDocument();
  });
});
