import type { Call } from '@carecode/domain/calls/call.schema';
import type { Message, ScannerConversation } from '@carecode/domain/messages/message.schema';
import { apiFetch } from '../../../lib/api-client.ts';

// The scan page's ways to reach an owner beyond a phone number: the masked call bridge and
// messages. No sign-in: the scan id is the finder's key.

const scanPath = (scanId: string) => `/scans/${encodeURIComponent(scanId)}`;

/** POST /scans/{scanId}/calls: ring the scanner, then connect the contact (numbers hidden). */
export const requestCall = (scanId: string, contact: Call['contact'], phoneNumber: string) =>
  apiFetch<Call>(`${scanPath(scanId)}/calls`, {
    method: 'POST',
    body: { contact, phoneNumber },
    auth: false,
  });

/** GET /scans/{scanId}/calls: how this session's calls went. */
export const getCalls = (scanId: string) =>
  apiFetch<{ items: Call[] }>(`${scanPath(scanId)}/calls`, { auth: false });

/** POST /scans/{scanId}/messages: text, and a photo when chosen (multipart then). */
export function sendMessage(scanId: string, text: string, photo?: File) {
  let body: FormData | { text: string } = { text };
  if (photo) {
    body = new FormData();
    body.append('text', text);
    body.append('photo', photo);
  }
  return apiFetch<Message>(`${scanPath(scanId)}/messages`, { method: 'POST', body, auth: false });
}

/** GET /scans/{scanId}/messages: the conversation so far. */
export const getMessages = (scanId: string) =>
  apiFetch<ScannerConversation>(`${scanPath(scanId)}/messages`, { auth: false });

/** The scan session's live events (the owner's replies). */
export const scanEventsUrl = (scanId: string, apiBase: string) =>
  `${apiBase}${scanPath(scanId)}/events`;
