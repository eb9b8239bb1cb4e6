import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/kit.tsx';
import { makeQr } from '../../../test/qr-fixtures.ts';
import { BulkCreatePage } from './bulk-create-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const csvFile = () =>
  new File(['\uFEFFfullName,schoolName\nAsha,Sunrise\n'], 'children.csv', { type: 'text/csv' });

const rowsRefused = {
  status: 400,
  body: {
    code: 'BULK_ROWS_INVALID',
    message: 'Nothing was created: 2 rows of the file have errors.',
    params: { count: 2 },
    rows: [
      { line: 3, fields: { fullName: 'Required' } },
      {
        line: 7,
        fields: {
          'schoolContact.phoneNumber': 'Phone number must be 10 digits',
          'medicalDetails.bloodGroup':
            "Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-, Don't Know",
        },
      },
    ],
  },
};

async function setup(answer: { status?: number; body?: unknown }, language: 'en' | 'hi' = 'en') {
  const calls = mockApi({
    'POST /qr-codes/bulk': () => answer,
    'GET /qr-codes/': () => ({ body: [] }),
  });
  await renderApp(<BulkCreatePage />, { path: '/', language });
  const user = userEvent.setup();
  return { calls, user };
}

async function uploadFile(
  user: ReturnType<typeof userEvent.setup>,
  fileLabel = 'CSV file',
  button = 'Upload and create',
) {
  await user.upload(screen.getByLabelText(fileLabel), csvFile());
  await user.click(screen.getByRole('button', { name: button }));
}

describe('BulkCreatePage', () => {
  it('sends the chosen file as text/csv for the chosen kind and toasts the count', async () => {
    const created = [makeQr({ id: 'a1', type: 'LUGGAGE' }), makeQr({ id: 'a2', type: 'LUGGAGE' })];
    const { calls, user } = await setup({ status: 201, body: { created: 2, qrCodes: created } });
    expect(screen.getByRole('button', { name: 'Upload and create' })).toBeDisabled();
    expect(screen.getByText(/up to 2,000 rows a file/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Kind of QR code'), 'LUGGAGE');
    await uploadFile(user);
    expect(
      await screen.findByText('2 QR codes created', { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/qr-codes\/bulk\?type=LUGGAGE$/);
    expect(post.headers['content-type']).toBe('text/csv');
    expect(post.body).toBeInstanceOf(File);
    expect(screen.getByRole('heading', { name: '2 QR codes created' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF (2 codes)' })).toBeEnabled();
  });

  it('lists every bad row by line, column and message when the file is refused', async () => {
    const { user } = await setup(rowsRefused);
    await uploadFile(user);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was created')).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'Nothing was created: 2 rows of the file have errors. Correct them and upload the file again.',
    );
    const table = screen.getByRole('table', { name: 'Problems in the file, by line and column' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['3', 'fullName', 'Required'],
      ['7', 'schoolContact.phoneNumber', 'Phone number must be 10 digits'],
      [
        '7',
        'medicalDetails.bloodGroup',
        "Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-, Don't Know",
      ],
    ]);
  });

  it('shows the header problems of a file with wrong columns', async () => {
    const { user } = await setup({
      status: 400,
      body: {
        code: 'BULK_COLUMNS',
        message: "The file's header row must hold the template's columns.",
        fields: { nickname: 'Unknown column', fullName: 'Missing column' },
      },
    });
    await uploadFile(user);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1nicknameUnknown column', '1fullNameMissing column']);
  });

  it('shows the plan limit like single create: its sentence with View Plans', async () => {
    const { user } = await setup({
      status: 403,
      body: {
        code: 'PLAN_QR_LIMIT',
        message: 'Your Free plan allows up to 2 QR codes.',
        params: { plan: 'FREE', limit: 2 },
      },
    });
    await uploadFile(user);
    const sentence =
      'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.';
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(await screen.findByRole('button', { name: 'View Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('speaks Hindi: the messages of the errors table in Hindi', async () => {
    const { user } = await setup(rowsRefused, 'hi');
    await uploadFile(user, 'CSV फ़ाइल', 'अपलोड करें और बनाएँ');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('3fullNameआवश्यक');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('एक साथ कई QR कोड बनाएँ');
  });
});
