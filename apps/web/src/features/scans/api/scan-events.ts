import {
  scanCreatedEventSchema,
  scanLocationEventSchema,
  scanMessageEventSchema,
  type ScanCreatedEvent,
  type ScanLocationEvent,
  type ScanMessageEvent,
} from '@carecode/domain/scans/scan-event.schema';
import { apiUrl } from '../../../lib/api-client.ts';

export interface ScanEventHandlers {
  onScan(event: ScanCreatedEvent): void;
  onLocation(event: ScanLocationEvent): void;
  /** A finder wrote to the owner. */
  onMessage?(event: ScanMessageEvent): void;
  /** The stream is (again) live; after a reconnect, events may have been missed. */
  onOpen?(reconnected: boolean): void;
}

export interface ScanEventOptions extends ScanEventHandlers {
  /** The bearer token to send, read afresh for every connection. */
  getToken(): Promise<string | undefined>;
  /** Delay before reconnect attempt `n` (1-based); default 1 s doubling up to 30 s. */
  retryDelayMs?(attempt: number): number;
}

interface ServerSentEvent {
  event: string;
  data: string;
}

/** Splits a server-sent event stream into events (comments and `retry:` lines are ignored). */
export function createEventParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
      } else if (line.startsWith(':')) {
        continue;
      } else {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
  };
}

const defaultRetryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1));

/**
 * Follows GET /scans/events with fetch streaming (EventSource cannot send a bearer token) and
 * reconnects with back-off until stopped. Returns the stop function.
 */
export function connectScanEvents(options: ScanEventOptions): () => void {
  const controller = new AbortController();
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  let opened = false;

  const dispatch = ({ event, data }: ServerSentEvent) => {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    if (event === 'scan') {
      const parsed = scanCreatedEventSchema.safeParse(payload);
      if (parsed.success) options.onScan(parsed.data);
    } else if (event === 'location') {
      const parsed = scanLocationEventSchema.safeParse(payload);
      if (parsed.success) options.onLocation(parsed.data);
    } else if (event === 'message') {
      const parsed = scanMessageEventSchema.safeParse(payload);
      if (parsed.success) options.onMessage?.(parsed.data);
    } else if (event === 'ready') {
      options.onOpen?.(opened);
      opened = true;
    }
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const run = async () => {
    let attempt = 0;
    while (!controller.signal.aborted) {
      let receivedEvents = false;
      try {
        const token = await options.getToken();
        if (token) {
          const response = await fetch(apiUrl('/scans/events'), {
            headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
            cache: 'no-store',
            signal: controller.signal,
          });
          if (response.ok && response.body) {
            const parse = createEventParser((event) => {
              receivedEvents = true;
              dispatch(event);
            });
            const reader = response.body.getReader();
            const decoder = new TextDecoder();
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              parse(decoder.decode(value, { stream: true }));
            }
          }
        }
      } catch {
        // network failure or stop: retried below unless stopped
      }
      if (controller.signal.aborted) return;
      attempt = receivedEvents ? 1 : attempt + 1;
      await wait(retryDelay(attempt));
    }
  };

  void run();
  return () => controller.abort();
}
