import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import FinderMessages from './finder-messages.tsx';
import { HiddenNumberCall } from './hidden-number-call.tsx';

afterEach(() => vi.unstubAllGlobals());

const anonymous = { auth: fakeAuth({ signedIn: false }) };

describe('HiddenNumberCall', () => {
  it('asks for the scanner’s number, shows the field message, then follows the call to its end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 'in-progress';
    const calls = mockApi({
      'POST /scans/scan-1/calls': (call) =>
        (call.body as { phoneNumber: string }).phoneNumber === '123'
          ? {
              status: 400,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'Invalid request: please check the highlighted fields.',
                fields: { phoneNumber: 'Enter a 10-digit Indian mobile number' },
              },
            }
          : {
              status: 201,
              body: { id: 'c1', contact: 'ownerContact', status, simulated: false },
            },
      'GET /scans/scan-1/calls': () => ({
        body: { items: [{ id: 'c1', contact: 'ownerContact', status, simulated: false }] },
      }),
    });
    await renderApp(
      <HiddenNumberCall scanId="scan-1" contact="ownerContact" role="Owner Contact" />,
      anonymous,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Call Owner Contact (number hidden)' }));
    const number = await screen.findByLabelText('Your mobile number');
    fireEvent.change(number, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call me now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a 10-digit Indian mobile number',
    );
    fireEvent.change(number, { target: { value: '98765 43210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call me now' }));
    expect(
      await screen.findByText(
        'We are calling you now. Answer your phone to be connected to Owner Contact.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      contact: 'ownerContact',
      phoneNumber: '98765 43210',
    });
    status = 'busy';
    await vi.advanceTimersByTimeAsync(4000);
    expect(
      await screen.findByText(
        'The call did not connect (busy). Try again, or call an emergency number below.',
      ),
    ).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('speaks Hindi', async () => {
    await renderApp(<HiddenNumberCall scanId="scan-1" contact="schoolContact" role="माता-पिता" />, {
      ...anonymous,
      language: 'hi',
    });
    expect(
      screen.getByRole('button', { name: 'माता-पिता को कॉल करें (नंबर छिपा है)' }),
    ).toBeInTheDocument();
  });
});

describe('FinderMessages', () => {
  it('shows the conversation, sends a message and refuses a photo that is too big before upload', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /scans/scan-2/messages': () => ({
        body: {
          blocked: false,
          messages: [
            {
              id: 'm1',
              sender: 'owner',
              text: 'Hello, thank you!',
              photoUrl: null,
              createdAt: '2026-11-23T08:00:00.000Z',
            },
          ],
        },
      }),
      'POST /scans/scan-2/messages': (call) => {
        sent.push(call.body);
        return {
          status: 201,
          body: {
            id: 'm2',
            sender: 'scanner',
            text: 'Found it <b>here</b>',
            photoUrl: null,
            createdAt: '2026-11-23T08:01:00.000Z',
          },
        };
      },
    });
    await renderApp(<FinderMessages scanId="scan-2" />, anonymous);
    const list = await screen.findByRole('list', { name: 'Your messages with the owner' });
    expect(within(list).getByText('Hello, thank you!')).toBeInTheDocument();
    // India time, whatever the browser's zone.
    expect(within(list).getByText('1:30 pm')).toBeInTheDocument();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Add a photo (optional)'), { target: { files: [big] } });
    expect(screen.getByRole('alert')).toHaveTextContent('The photo must be at most 5 MB.');
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    fireEvent.change(screen.getByLabelText('Add a photo (optional)'), { target: { files: [svg] } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The photo must be a JPEG, PNG or WebP image.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a message or add a photo.');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('Message', { exact: true }), {
      target: { value: 'Found it <b>here</b>' },
    });
    expect(screen.getByText('20/500')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent. The owner has been told.')).toBeInTheDocument();
    expect(sent).toEqual([{ text: 'Found it <b>here</b>' }]);
    // Shown as text, never as markup.
    expect(within(list).getByText('Found it <b>here</b>')).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();
  });

  it('says when the owner blocked the conversation, and offers no form', async () => {
    mockApi({ 'GET /scans/scan-3/messages': () => ({ body: { blocked: true, messages: [] } }) });
    await renderApp(<FinderMessages scanId="scan-3" />, { ...anonymous, language: 'hi' });
    expect(
      await screen.findByText('मालिक इस स्कैन से और संदेश स्वीकार नहीं कर रहे हैं।'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'संदेश भेजें' })).not.toBeInTheDocument();
  });
});
