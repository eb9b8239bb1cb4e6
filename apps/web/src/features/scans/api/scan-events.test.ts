import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventStream } from '../../../test/event-stream.ts';
import { stubFetch } from '../../../test/api-mock.ts';
import { connectScanEvents, createEventParser } from './scan-events.ts';

afterEach(() => vi.unstubAllGlobals());

const scanEvent = {
  scanId: 's1',
  qrId: 'qr-1',
  qrName: 'Meera Iyer',
  scanTimestamp: '2025-06-27T10:15:00.123Z',
  deviceInfo: { browser: 'Chrome', os: 'Android', deviceType: 'mobile' },
};

describe('createEventParser', () => {
  it('reads events split across chunks, with CRLF, comments and multi-line data', () => {
    const events: { event: string; data: string }[] = [];
    const parse = createEventParser((event) => events.push(event));
    parse('retry: 5000\n\n: ping\n\nevent: sc');
    parse('an\r\ndata: {"a":');
    parse('1}\r\n\r\nevent: location\ndata: line1\ndata: line2\n');
    expect(events).toEqual([{ event: 'scan', data: '{"a":1}' }]);
    parse('\n');
    expect(events[1]).toEqual({ event: 'location', data: 'line1\nline2' });
  });
});

describe('connectScanEvents', () => {
  it('sends the bearer token, hands over valid events, and reconnects when the stream ends', async () => {
    const first = eventStream();
    const second = eventStream();
    const streams = [first, second];
    const calls = stubFetch(() => streams.shift()!.response());
    const onScan = vi.fn();
    const onLocation = vi.fn();
    const onOpen = vi.fn();
    const stop = connectScanEvents({
      getToken: async () => 'token-1',
      onScan,
      onLocation,
      onOpen,
      retryDelayMs: () => 10,
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: 'http://localhost:3000/api/scans/events',
      headers: { authorization: 'Bearer token-1', accept: 'text/event-stream' },
    });
    first.send('ready', {});
    first.send('scan', scanEvent);
    first.send('location', { scanId: 's1', qrId: 'qr-1', latitude: 1.5, longitude: 2.5 });
    first.send('scan', { scanId: 'broken' });
    await vi.waitFor(() => expect(onLocation).toHaveBeenCalledTimes(1));
    expect(onOpen).toHaveBeenCalledWith(false);
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenCalledWith(scanEvent);
    expect(onLocation).toHaveBeenCalledWith({
      scanId: 's1',
      qrId: 'qr-1',
      latitude: 1.5,
      longitude: 2.5,
    });

    first.end();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    second.send('ready', {});
    await vi.waitFor(() => expect(onOpen).toHaveBeenLastCalledWith(true));
    stop();
  });

  it('keeps trying with back-off after failures and stops for good when stopped', async () => {
    let attempts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        attempts += 1;
        throw new TypeError('network down');
      }),
    );
    const delays: number[] = [];
    const stop = connectScanEvents({
      getToken: async () => 'token-1',
      onScan: vi.fn(),
      onLocation: vi.fn(),
      retryDelayMs: (attempt) => {
        delays.push(attempt);
        return 5;
      },
    });
    await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(3));
    expect(delays.slice(0, 3)).toEqual([1, 2, 3]);
    stop();
    const settled = attempts;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(attempts).toBeLessThanOrEqual(settled + 1);
  });
});
