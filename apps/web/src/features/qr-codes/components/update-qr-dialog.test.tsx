import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qrCodeKeys } from '../api/qr-code-keys.ts';
import { newQueryClient, renderApp } from '../../../test/kit.tsx';
import { mockApi } from '../../../test/api-mock.ts';
import { makeQr } from '../../../test/qr-fixtures.ts';
import { UpdateQrDialog } from './update-qr-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('UpdateQrDialog', () => {
  it("opens 'Update QR Details' filled in, sends the same type, and replaces the QR in the list", async () => {
    const qr = makeQr({ type: 'VEHICLE', id: 'v1' });
    const other = makeQr({ type: 'LUGGAGE', id: 'l1' });
    const calls = mockApi({
      'PUT /qr-codes/v1': (call) => ({
        body: {
          ...qr,
          details: (call.body as { details: unknown }).details,
          updatedAt: '2025-06-02T00:00:00.000Z',
        },
      }),
    });
    const queryClient = newQueryClient();
    queryClient.setQueryData(qrCodeKeys.list(), [other, qr]);
    queryClient.setQueryData(qrCodeKeys.detail('v1'), qr);
    const onClose = vi.fn();
    await renderApp(<UpdateQrDialog qr={qr} open onClose={onClose} />, { queryClient });
    const user = userEvent.setup();

    expect(screen.getByRole('dialog', { name: 'Update QR Details' })).toBeInTheDocument();
    const field = screen.getByLabelText('Model Description');
    expect(field).toHaveValue('Red Swift');
    await user.clear(field);
    await user.type(field, 'Blue Baleno');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      type: 'VEHICLE',
      details: { modelDescription: 'Blue Baleno' },
    });
    const list = queryClient.getQueryData<QrCode[]>(qrCodeKeys.list());
    expect(list?.map((item) => item.id)).toEqual(['l1', 'v1']);
    expect((list?.[1].details as { modelDescription: string }).modelDescription).toBe(
      'Blue Baleno',
    );
    expect(
      (
        queryClient.getQueryData<QrCode>(qrCodeKeys.detail('v1'))?.details as {
          modelDescription: string;
        }
      ).modelDescription,
    ).toBe('Blue Baleno');
  });

  it('keeps the dialog open and blocks the call when a rule fails', async () => {
    const calls = mockApi({});
    const qr = makeQr({ type: 'PERSON', id: 'p1' });
    await renderApp(<UpdateQrDialog qr={qr} open onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
