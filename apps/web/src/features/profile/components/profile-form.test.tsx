import type { OwnProfile } from '@carecode/domain/profiles/profile.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/kit.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileForm } from './profile-form.tsx';

const data: OwnProfile = {
  publicId: 'pub-1',
  email: 'asha@example.in',
  profile: { name: 'Asha', emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' } },
};

const fetchMock = vi.fn();
beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('ProfileDetails', () => {
  it("shows 'Not specified' for empty values and 'None specified' for empty allergies", async () => {
    await renderApp(
      <ProfileDetails profile={{ name: 'Asha' }} email="asha@example.in" showEmail />,
    );
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Medical Information' })).toBeInTheDocument();
    expect(row('Name')).toHaveTextContent('Asha');
    expect(row('Full Name')).toHaveTextContent('Not specified');
    expect(row('Email')).toHaveTextContent('asha@example.in');
    expect(row('Blood Group')).toHaveTextContent('Not specified');
    expect(row('Allergies')).toHaveTextContent('None specified');
    expect(row('Emergency Contact')).toHaveTextContent('Not specified');
  });

  it('shows blood group labels and, on the public page, a tap-to-call contact and no e-mail', async () => {
    await renderApp(
      <ProfileDetails
        profile={{
          bloodGroup: 'AB_NEGATIVE',
          emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' },
        }}
        email="hidden@example.in"
        callLinks
      />,
    );
    expect(row('Blood Group')).toHaveTextContent('AB-');
    expect(screen.queryByText('Email')).toBeNull();
    expect(screen.queryByText('hidden@example.in')).toBeNull();
    const call = screen.getByRole('link', { name: 'Call Ravi on 9876543210' });
    expect(call).toHaveAttribute('href', 'tel:9876543210');
  });

  it('speaks Hindi', async () => {
    await renderApp(<ProfileDetails profile={{ bloodGroup: 'DONT_KNOW' }} />, { language: 'hi' });
    expect(screen.getByRole('heading', { name: 'व्यक्तिगत जानकारी' })).toBeInTheDocument();
    expect(row('एलर्जी')).toHaveTextContent('कोई निर्दिष्ट नहीं');
    expect(row('ब्लड ग्रुप')).toHaveTextContent('पता नहीं');
  });
});

describe('ProfileForm', () => {
  it('rejects a 9-digit emergency phone without calling the server', async () => {
    const user = userEvent.setup();
    await renderApp(<ProfileForm data={data} onDone={() => undefined} />);
    const phone = screen.getByLabelText('Emergency Phone');
    await user.clear(phone);
    await user.type(phone, '987654321');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Phone number must be 10 digits')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the length rule in Hindi', async () => {
    const user = userEvent.setup();
    await renderApp(<ProfileForm data={data} onDone={() => undefined} />, { language: 'hi' });
    await user.type(screen.getByLabelText('पूरा नाम'), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'बदलाव सहेजें' }));
    expect(await screen.findByText('यह फ़ील्ड 0 से 50 अक्षरों के बीच होना चाहिए')).toBeInTheDocument();
  });

  it('sends the edited profile with PUT /profile and leaves edit mode', async () => {
    const onDone = vi.fn();
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ ...data, profile: { ...data.profile, bloodGroup: 'O_POSITIVE' } }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    const user = userEvent.setup();
    await renderApp(<ProfileForm data={data} onDone={onDone} />);
    await user.selectOptions(screen.getByLabelText('Blood Group'), 'O_POSITIVE');
    await user.type(screen.getByLabelText(/^Allergies/), 'Penicillin');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/profile$/);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({
      name: 'Asha',
      fullName: '',
      bloodGroup: 'O_POSITIVE',
      allergies: 'Penicillin',
      emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' },
    });
  });

  it('shows the field messages the server answers with', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          message: 'Invalid body: please check the highlighted fields.',
          fields: { 'emergencyContact.phoneNumber': 'Phone number must be 10 digits' },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    const user = userEvent.setup();
    await renderApp(<ProfileForm data={data} onDone={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const field = screen.getByLabelText('Emergency Phone').closest('div')!;
    expect(await within(field).findByText('Phone number must be 10 digits')).toBeInTheDocument();
  });

  it('Cancel leaves edit mode without saving', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup();
    await renderApp(<ProfileForm data={data} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
