import type { SheetRequest } from '@carecode/domain/qr-codes/sheet.schema';
import { apiFetch } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';

/** Downloads the A4 print sheet of the chosen codes (sent in the body: a selection can be long). */
export async function downloadSheet(request: SheetRequest) {
  const blob = await apiFetch<Blob>('/qr-codes/sheet.pdf', {
    method: 'POST',
    body: request,
    responseType: 'blob',
  });
  saveBlob(blob, 'carecode-qr-sheet.pdf');
}
