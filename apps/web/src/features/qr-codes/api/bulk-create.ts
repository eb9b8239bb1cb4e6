import type { BulkCreateResult } from '@carecode/domain/qr-codes/bulk';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

/** Saves the CSV template of a kind (the answer's byte-order mark is kept for spreadsheets). */
export async function downloadBulkTemplate(type: QrType) {
  const blob = await apiFetch<Blob>(`/qr-codes/bulk/template?type=${type}`, {
    responseType: 'blob',
  });
  saveBlob(blob, `carecode-${type.toLowerCase()}-template.csv`);
}

/** Uploads a CSV file: every row created, or none (the error lists the bad rows). */
export const bulkCreateQrCodes = ({
  type,
  file,
  organizationId,
}: {
  type: QrType;
  file: Blob;
  /** The organisation the codes belong to (its admins only); personal codes when absent. */
  organizationId?: string;
}) =>
  apiFetch<BulkCreateResult>(
    `/qr-codes/bulk?type=${type}${organizationId ? `&organizationId=${encodeURIComponent(organizationId)}` : ''}`,
    {
      method: 'POST',
      rawBody: { content: file, contentType: 'text/csv' },
    },
  );

export function useBulkCreateQrCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCreateQrCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrCodeKeys.all }),
  });
}
