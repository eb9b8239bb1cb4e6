import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/kit.tsx';
import { ConversationsCard } from './conversations-card.tsx';

vi.mock('../../../lib/auth.ts', () => ({ getAccessToken: async () => 'token-1' }));
afterEach(() => vi.unstubAllGlobals());

const conversation = (blocked: boolean) => ({
  id: 'conv-1',
  scanId: 'scan-1',
  qrId: 'qr-1',
  blocked,
  createdAt: '2026-11-23T08:00:00.000Z',
  lastMessageAt: '2026-11-23T08:01:00.000Z',
  messages: [
    {
      id: 'm1',
      sender: 'scanner',
      text: 'Found your bag <i>at gate 4</i>',
      photoUrl: null,
      createdAt: '2026-11-23T08:00:00.000Z',
    },
  ],
});

describe('ConversationsCard', () => {
  it('shows the finders’ messages as text, sends a reply and blocks the conversation', async () => {
    let blocked = false;
    const calls = mockApi({
      'GET /conversations': () => ({ body: { items: [conversation(blocked)] } }),
      'POST /conversations/conv-1/messages': () => ({
        status: 201,
        body: {
          id: 'm2',
          sender: 'owner',
          text: 'Thanks!',
          photoUrl: null,
          createdAt: '2026-11-23T08:02:00.000Z',
        },
      }),
      'PUT /conversations/conv-1/block': () => {
        blocked = true;
        return { body: { blocked: true } };
      },
    });
    await renderApp(<ConversationsCard qrId="qr-1" />);
    const card = await screen.findByRole('region', { name: 'Messages from finders' });
    expect(await within(card).findByText('Found your bag <i>at gate 4</i>')).toBeInTheDocument();
    expect(card.querySelector('i')).toBeNull();
    expect(calls[0].url).toBe('http://localhost:3000/api/conversations?qrId=qr-1');

    fireEvent.change(within(card).getByLabelText('Your reply'), { target: { value: 'Thanks!' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Thanks!' });

    fireEvent.click(within(card).getByRole('button', { name: 'Block' }));
    expect(
      await screen.findByText('Conversation blocked: this finder can send nothing more.'),
    ).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(within(card).getByText('Blocked')).toBeInTheDocument();
  });

  it('says when there are no messages yet, in Hindi', async () => {
    mockApi({ 'GET /conversations': () => ({ body: { items: [] } }) });
    await renderApp(<ConversationsCard qrId="qr-1" />, { language: 'hi' });
    expect(
      await screen.findByText('अभी कोई संदेश नहीं। इस कोड को स्कैन करने वाले स्कैन पेज से आपको संदेश भेज सकते हैं।'),
    ).toBeInTheDocument();
  });
});
