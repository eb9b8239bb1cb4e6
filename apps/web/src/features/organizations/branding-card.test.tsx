import type { Organization } from '@carecode/domain/organizations/organization.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/kit.tsx';
import { BrandingCard } from './branding-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const LOGO = 'http://localhost:8080/api/organizations/org-1/logo?v=1700000000000';
const NEW_LOGO = 'http://localhost:8080/api/organizations/org-1/logo?v=1700000009999';
const TOO_LIGHT = 'This colour is too light for white text; the default colour will be used.';

const organization = (overrides: Partial<Organization> = {}): Organization => ({
  id: 'org-1',
  name: 'Sunrise School',
  role: 'admin',
  brandColor: '#1D4ED8',
  logoUrl: LOGO,
  memberCount: 3,
  qrCount: 30,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const preview = () => screen.getByTestId('brand-preview');

function serve() {
  return mockApi({
    'PATCH /organizations/org-1': (call) => ({
      body: organization({ brandColor: (call.body as { brandColor: string | null }).brandColor }),
    }),
    'PUT /organizations/org-1/logo': () => ({ body: { logoUrl: NEW_LOGO } }),
    'DELETE /organizations/org-1/logo': () => ({ status: 204 }),
  });
}

describe('BrandingCard, for an admin', () => {
  it('previews a dark blue with white text, the logo and the name, and no contrast notice', async () => {
    serve();
    await renderApp(<BrandingCard organization={organization()} onChange={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Branding' })).toBeInTheDocument();
    expect(preview()).toHaveStyle({
      backgroundColor: 'rgb(29, 78, 216)',
      color: 'rgb(255, 255, 255)',
    });
    expect(preview().textContent).toBe('Sunrise SchoolProtected by CareCode');
    expect(within(preview()).getByRole('img', { name: 'Logo of Sunrise School' })).toHaveAttribute(
      'src',
      LOGO,
    );
    expect(screen.getByRole('textbox', { name: 'Brand colour' })).toHaveValue('#1D4ED8');
    expect(screen.queryByText(TOO_LIGHT, { exact: false })).toBeNull();
  });

  it('warns that a light yellow is too light, previews the default red, and saves it on request', async () => {
    const calls = serve();
    const onChange = vi.fn();
    const user = userEvent.setup();
    await renderApp(<BrandingCard organization={organization()} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Brand colour' });
    await user.clear(field);
    await user.type(field, '#fef08a');
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(
      `${TOO_LIGHT} Contrast with white text: 1.16:1 (at least 4.5:1 is needed).`,
    );
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('This colour is too light for white text'),
    );
    expect(preview()).toHaveStyle({ backgroundColor: 'rgb(185, 28, 28)' });

    await user.click(screen.getByRole('button', { name: 'Save colour' }));
    expect(await screen.findByText('Brand colour saved.')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.path).toBe('/organizations/org-1');
    expect(patch.body).toEqual({ brandColor: '#FEF08A' });
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('picks a colour with the colour input and previews it at once', async () => {
    serve();
    await renderApp(
      <BrandingCard organization={organization({ brandColor: null })} onChange={() => {}} />,
    );
    const picker = screen.getByLabelText('Pick a colour');
    // No colour yet: the picker starts at the default red.
    expect(picker).toHaveValue('#b91c1c');
    // (user-event cannot drive a colour picker; the browser fires input with the chosen value.)
    fireEvent.input(picker, { target: { value: '#0f766e' } });
    expect(screen.getByRole('textbox', { name: 'Brand colour' })).toHaveValue('#0F766E');
    expect(preview()).toHaveStyle({ backgroundColor: 'rgb(15, 118, 110)' });
  });

  it('refuses a colour that is not #RRGGBB with the field message, sending nothing', async () => {
    const calls = serve();
    const user = userEvent.setup();
    await renderApp(<BrandingCard organization={organization()} onChange={() => {}} />);
    const field = screen.getByRole('textbox', { name: 'Brand colour' });
    await user.clear(field);
    await user.type(field, 'blue');
    await user.click(screen.getByRole('button', { name: 'Save colour' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a colour as #RRGGBB, e.g. #1D4ED8');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('goes back to the default colour (PATCH null)', async () => {
    const calls = serve();
    const user = userEvent.setup();
    await renderApp(<BrandingCard organization={organization()} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Use the default colour' }));
    expect(await screen.findByText('The default colour is used again.')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.body])).toEqual([
      ['PATCH', { brandColor: null }],
    ]);
    expect(screen.getByRole('textbox', { name: 'Brand colour' })).toHaveValue('');
  });

  it('uploads a logo as the multipart field `logo`, shows the new one, then removes it', async () => {
    const calls = serve();
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container } = await renderApp(
      <BrandingCard organization={organization({ logoUrl: null })} onChange={onChange} />,
    );
    expect(screen.getByText('No logo yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload logo' })).toHaveAccessibleDescription(
      'PNG, JPEG or WebP, at most 2 MB. It is kept as a PNG of at most 512 px.',
    );
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(await screen.findByText('Logo saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/organizations/org-1/logo');
    expect((put.body as FormData).get('logo')).toBe(file);
    const logos = screen.getAllByRole('img', { name: 'Logo of Sunrise School' });
    expect(logos.map((img) => img.getAttribute('src'))).toEqual([NEW_LOGO, NEW_LOGO]);
    expect(onChange).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/organizations/org-1/logo' });
    expect(screen.queryByRole('img', { name: 'Logo of Sunrise School' })).toBeNull();
    expect(screen.getByText('No logo yet.')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('refuses an SVG and a file over 2 MB before sending, and shows what the server refuses', async () => {
    const calls = mockApi({
      'PUT /organizations/org-1/logo': () => ({
        status: 400,
        body: { code: 'LOGO_INVALID', message: 'The logo must be a PNG, JPEG or WebP image.' },
      }),
    });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = await renderApp(
      <BrandingCard organization={organization()} onChange={() => {}} />,
    );
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The logo must be a PNG, JPEG or WebP image.',
    );
    await user.upload(
      input,
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The logo must be at most 2 MB.');
    expect(calls).toEqual([]);
    // A file that only claims to be a PNG: the server says no.
    await user.upload(input, new File(['hello'], 'fake.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The logo must be a PNG, JPEG or WebP image.',
      ),
    );
    expect(calls).toHaveLength(1);
  });
});

describe('BrandingCard, for a member', () => {
  it('shows the branding read-only: no field, no button', async () => {
    serve();
    await renderApp(
      <BrandingCard organization={organization({ role: 'member' })} onChange={() => {}} />,
    );
    expect(preview()).toHaveStyle({ backgroundColor: 'rgb(29, 78, 216)' });
    expect(screen.getByText('Brand colour: #1D4ED8')).toBeInTheDocument();
    expect(
      screen.getByText('Only the owner and admins can change the branding.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells a member too when the colour is too light, in Hindi', async () => {
    serve();
    await renderApp(
      <BrandingCard
        organization={organization({ role: 'member', brandColor: '#FEF08A', logoUrl: null })}
        onChange={() => {}}
      />,
      { language: 'hi' },
    );
    expect(screen.getByRole('heading', { name: 'ब्रांडिंग' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'यह रंग सफ़ेद अक्षरों के लिए बहुत हल्का है; डिफ़ॉल्ट रंग इस्तेमाल किया जाएगा।',
    );
    expect(preview().textContent).toBe('Sunrise SchoolCareCode द्वारा सुरक्षित');
    expect(preview()).toHaveStyle({ backgroundColor: 'rgb(185, 28, 28)' });
    expect(screen.getByText('ब्रांडिंग केवल मालिक और एडमिन बदल सकते हैं।')).toBeInTheDocument();
  });
});
