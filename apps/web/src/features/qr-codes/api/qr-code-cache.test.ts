import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { describe, expect, it } from 'vitest';
import { makeQr } from '../../../test/qr-fixtures.ts';
import { newQueryClient } from '../../../test/kit.tsx';
import { addQrCode, storeQrCode } from './qr-code-cache.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

const a = makeQr({ type: 'PERSON', id: 'a' });
const b = makeQr({ type: 'LUGGAGE', id: 'b' });

describe('storeQrCode', () => {
  it('replaces the QR in the list in place and stores its detail', () => {
    const client = newQueryClient();
    client.setQueryData(qrCodeKeys.list(), [a, b]);
    const changed = { ...b, public: false };
    storeQrCode(client, changed);
    expect(client.getQueryData<QrCode[]>(qrCodeKeys.list())).toEqual([a, changed]);
    expect(client.getQueryData(qrCodeKeys.detail('b'))).toEqual(changed);
  });

  it('leaves the list stale, so a list that predates a new QR is fetched again', () => {
    const client = newQueryClient();
    client.setQueryData(qrCodeKeys.list(), [a]);
    storeQrCode(client, b);
    expect(client.getQueryData<QrCode[]>(qrCodeKeys.list())).toEqual([a]);
    expect(client.getQueryState(qrCodeKeys.list())?.isInvalidated).toBe(true);
  });
});

describe('addQrCode', () => {
  it('puts the new QR first in a cached list, once', () => {
    const client = newQueryClient();
    client.setQueryData(qrCodeKeys.list(), [a]);
    addQrCode(client, b);
    addQrCode(client, b);
    expect(client.getQueryData<QrCode[]>(qrCodeKeys.list())?.map((q) => q.id)).toEqual(['b', 'a']);
    expect(client.getQueryData(qrCodeKeys.detail('b'))).toEqual(b);
  });
});
