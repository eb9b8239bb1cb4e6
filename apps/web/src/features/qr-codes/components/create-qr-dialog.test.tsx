import { CHILD_GUARDIAN_TEXT_VERSION } from '@carecode/domain/consents/consent.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/kit.tsx';
import { mockApi } from '../../../test/api-mock.ts';
import { makeQr } from '../../../test/qr-fixtures.ts';
import { CreateQrButton } from './create-qr-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const luggageValues = {
  'Luggage Description': 'Blue suitcase',
  'Owner Name': 'Arjun',
  'Owner Phone': '9000011111',
  'Emergency Name': 'Ravi Kumar',
  'Emergency Phone': '9876543210',
};

async function setup(answer: { status?: number; body?: unknown }, language: 'en' | 'hi' = 'en') {
  const onCreated = vi.fn();
  const calls = mockApi({
    'POST /qr-codes/': () => answer,
    'GET /qr-codes/': () => ({ body: [] }),
  });
  await renderApp(<CreateQrButton onCreated={onCreated} />, { path: '/', language });
  return { onCreated, calls, user: userEvent.setup() };
}

async function fillLuggage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Create New QR' }));
  await user.click(screen.getByRole('button', { name: /^Luggage/ }));
  for (const [label, value] of Object.entries(luggageValues)) {
    await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create QR' }));
}

describe('CreateQrButton', () => {
  it('opens a type picker of five kinds with an icon and a description each', async () => {
    const { user } = await setup({});
    await user.click(screen.getByRole('button', { name: 'Create New QR' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose the kind of QR code' });
    const kinds = within(dialog).getAllByRole('listitem');
    expect(kinds.map((item) => item.querySelector('.font-semibold')?.textContent)).toEqual([
      'Child Safety',
      'Person / Medical',
      'Vehicle Contact',
      'Luggage',
      'Lockscreen',
    ]);
    for (const item of kinds) {
      expect(item.querySelector('svg')).not.toBeNull();
      expect(item.querySelector('.text-sm')?.textContent?.length).toBeGreaterThan(10);
    }
    await user.click(within(dialog).getByRole('button', { name: /^Vehicle Contact/ }));
    expect(screen.getByRole('dialog', { name: 'New Vehicle Contact QR' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Choose the kind of QR code' })).toBeInTheDocument();
  });

  it('sends {type, details}, closes and hands over the created QR', async () => {
    const created = makeQr({ type: 'LUGGAGE', id: 'new-id' });
    const { user, calls, onCreated } = await setup({ status: 201, body: created });
    await fillLuggage(user);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      type: 'LUGGAGE',
      details: {
        description: 'Blue suitcase',
        ownerContact: { name: 'Arjun', phoneNumber: '9000011111' },
        emergencyContact: { name: 'Ravi Kumar', phoneNumber: '9876543210' },
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('QR code created.')).toBeInTheDocument();
    // Opening again starts from the picker with a fresh form.
    await user.click(screen.getByRole('button', { name: 'Create New QR' }));
    expect(screen.getByRole('dialog', { name: 'Choose the kind of QR code' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Luggage/ }));
    expect(screen.getByLabelText('Luggage Description')).toHaveValue('');
  });

  it("shows the over-limit answer in a toast with 'View Plans' to /pricing", async () => {
    const message =
      'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.';
    const { user, onCreated } = await setup({
      status: 403,
      body: { code: 'PLAN_QR_LIMIT', message, params: { plan: 'FREE', limit: 2 } },
    });
    await fillLuggage(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'View Plans' }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
  });

  it('says the over-limit message in Hindi with the limit', async () => {
    const message =
      'Your Basic plan allows up to 10 QR codes. Upgrade on the Pricing page to create more.';
    const { user } = await setup(
      {
        status: 403,
        body: { code: 'PLAN_QR_LIMIT', message, params: { plan: 'BASIC', limit: 10 } },
      },
      'hi',
    );
    await user.click(screen.getByRole('button', { name: 'नया QR बनाएँ' }));
    await user.click(screen.getByRole('button', { name: /^सामान/ }));
    const values = ['Blue suitcase', 'Arjun', '9000011111', 'Ravi Kumar', '9876543210'];
    const labels = [
      'सामान का विवरण',
      'मालिक का नाम',
      'मालिक का फ़ोन',
      'आपातकालीन संपर्क का नाम',
      'आपातकालीन फ़ोन',
    ];
    for (let i = 0; i < labels.length; i++)
      await user.type(screen.getByLabelText(labels[i]), values[i]);
    await user.click(screen.getByRole('button', { name: 'QR बनाएँ' }));
    expect(
      await screen.findByText(
        'आपका बेसिक प्लान अधिकतम 10 QR कोड की अनुमति देता है। और बनाने के लिए प्राइसिंग पेज पर अपग्रेड करें।',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'प्लान देखें' })).toBeInTheDocument();
  });

  it("shows the server's field messages inline", async () => {
    const { user } = await setup({
      status: 400,
      body: {
        message: 'Invalid body: please check the highlighted fields.',
        fields: { 'details.ownerContact.phoneNumber': 'Phone number must be 10 digits' },
      },
    });
    await fillLuggage(user);
    expect(await screen.findByText('Phone number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Owner Phone')).toHaveAttribute('aria-invalid', 'true');
  });
  it('asks the owner of a Child Safety code to confirm they are the parent or guardian, and sends it', async () => {
    const created = makeQr({ type: 'CHILD', id: 'child-id' });
    const { user, calls, onCreated } = await setup({ status: 201, body: created });
    await user.click(screen.getByRole('button', { name: 'Create New QR' }));
    await user.click(screen.getByRole('button', { name: /^Child Safety/ }));
    for (const [label, value] of Object.entries({
      'Child Name': 'Asha',
      'Parent Name': 'Meera',
      'Parent Phone': '9123456780',
      'Emergency Name': 'Ravi Kumar',
      'Emergency Phone': '9876543210',
    })) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.selectOptions(screen.getByLabelText('Blood Group'), 'O+');
    const statement =
      "I am this child's parent or legal guardian, and I may share these details to keep them safe.";
    await user.click(screen.getByRole('button', { name: 'Create QR' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Please confirm that you are this child's parent or guardian.",
    );
    expect(screen.getByRole('checkbox', { name: statement })).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: statement }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create QR' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      type: 'CHILD',
      details: { fullName: 'Asha' },
      guardianConsent: { textVersion: CHILD_GUARDIAN_TEXT_VERSION },
    });
  });

  it('asks the same in Hindi', async () => {
    const { user } = await setup({}, 'hi');
    await user.click(screen.getByRole('button', { name: 'नया QR बनाएँ' }));
    await user.click(screen.getByRole('button', { name: /^बच्चे की सुरक्षा/ }));
    expect(
      screen.getByRole('checkbox', {
        name: 'मैं इस बच्चे का माता-पिता या कानूनी अभिभावक हूँ, और इसकी सुरक्षा के लिए ये विवरण साझा कर सकता/सकती हूँ।',
      }),
    ).not.toBeChecked();
  });
});
