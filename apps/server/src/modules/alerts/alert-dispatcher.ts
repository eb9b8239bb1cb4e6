import { ALERT_TIME_ZONE } from '@carecode/domain/alerts/alert.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { MailLanguage } from '../mail/mail-templates.ts';
import type { LinkRecipient } from './alert-links.ts';
import type { AlertFacts } from './alert-messages.ts';
import type {
  AlertsRepository,
  ClaimedEvent,
  EventMember,
  DueDelivery,
  NewDelivery,
} from './alerts.repository.ts';

/** Attempts before a delivery is given up; the waits between them double from 5 s to 30 min. */
export const MAX_ATTEMPTS = 10;
export const retryDelayMs = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 30 * 60_000);
/** Runs prompted by new scans are at least this far apart (a second poll catches the rest). */
const MIN_GAP_MS = 250;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a claimed delivery is held: a replica that dies mid-send frees it after this. */
const LEASE_SECONDS = 60;

/** What sending one delivery can end in. */
export type SendResult = 'sent' | 'gone' | { retry: string } | { fail: string };

/** The channels, each sending one alert to one recipient. */
export interface AlertSenders {
  push(
    delivery: DueDelivery & { endpoint: string; p256dh: string; auth: string },
    facts: AlertFacts,
    language: MailLanguage,
  ): Promise<SendResult>;
  email(
    delivery: DueDelivery,
    to: string,
    facts: AlertFacts,
    language: MailLanguage,
    /** Who the mail's one-click unsubscribe link takes off alerts. */
    recipient: LinkRecipient,
  ): Promise<SendResult>;
  /** Lets go of kept-open connections. */
  close(): void;
}

/** Minutes since midnight in India. */
function indiaMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: ALERT_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** True when `at` falls in the quiet hours `start`–`end` (Asia/Kolkata; may span midnight). */
export function inQuietHours(at: Date, start: string | null, end: string | null): boolean {
  if (!start || !end || start === end) return false;
  const now = indiaMinutes(at);
  const from = minutesOf(start);
  const to = minutesOf(end);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** An event's organisation members as the outbox query gives them (jsonb, parsed or not). */
function membersOf(event: ClaimedEvent): EventMember[] {
  const members = typeof event.members === 'string' ? JSON.parse(event.members) : event.members;
  return (members ?? []) as EventMember[];
}

/**
 * Who hears about an event, on which channel. A lost QR's scans, a shared location, a bridged
 * call and a finder's message are urgent: every channel and guardian at once, whatever the preferences and quiet hours, never
 * merged. Other scans follow the account's and the QR's channels, stay silent in quiet hours
 * (for guardians too: the owner's hours govern their codes' alerts), and are coalesced. E-mail
 * goes only to a confirmed address; push to every device the owner enabled.
 */
export function recipientsOf(event: ClaimedEvent, now: Date): NewDelivery[] {
  if (!event.qr_exists) return [];
  // A finder who shares where they are, calls or writes is reaching out now: never held.
  const urgent = event.lost || Boolean(event.qr_lost) || event.kind !== 'scan';
  if (!urgent && inQuietHours(now, event.quiet_start, event.quiet_end)) return [];
  const base = {
    event_id: event.id,
    kind: event.kind,
    qr_id: event.qr_id,
    scan_count: event.scan_count,
    urgent,
    data: {
      ...event.data,
      at: new Date(event.occurred_at).toISOString(),
      lost: urgent && event.kind === 'scan',
    },
  };
  const deliveries: NewDelivery[] = [];
  if (urgent || (event.alert_push && event.qr_push)) {
    for (const id of event.subscription_ids) {
      deliveries.push({ ...base, channel: 'push', recipient: `push:${id}` });
    }
  }
  if (event.email && event.email_verified && (urgent || (event.alert_email && event.qr_email))) {
    deliveries.push({ ...base, channel: 'email', recipient: 'owner' });
  }
  for (const id of event.guardian_ids) {
    deliveries.push({ ...base, channel: 'email', recipient: `guardian:${id}` });
  }
  // An organisation's code: its other members hear of it too, each by their own settings.
  for (const member of membersOf(event)) {
    if (urgent || (member.pushOn && event.qr_push)) {
      for (const id of member.subs) {
        deliveries.push({ ...base, channel: 'push', recipient: `push:${id}` });
      }
    }
    if (member.email && (urgent || (member.emailOn && event.qr_email))) {
      deliveries.push({ ...base, channel: 'email', recipient: `member:${member.id}` });
    }
  }
  return deliveries;
}

/**
 * One delivery per QR, channel and recipient for the non-urgent ones of a pass (their scans
 * summed, the latest scan's details kept), so a flood of batches costs one row, not one each.
 */
export function mergeDeliveries(deliveries: NewDelivery[]): NewDelivery[] {
  const merged = new Map<string, NewDelivery>();
  const result: NewDelivery[] = [];
  for (const delivery of deliveries) {
    if (delivery.urgent) {
      result.push(delivery);
      continue;
    }
    const key = `${delivery.qr_id}|${delivery.channel}|${delivery.recipient}`;
    const earlier = merged.get(key);
    if (!earlier) {
      const copy = { ...delivery };
      merged.set(key, copy);
      result.push(copy);
    } else {
      earlier.scan_count += delivery.scan_count;
      earlier.data = { ...earlier.data, ...delivery.data };
    }
  }
  return result;
}

const languageOf = (value: string | null | undefined): MailLanguage =>
  value === 'hi' ? 'hi' : 'en';

function factsOf(delivery: DueDelivery): AlertFacts {
  const data = delivery.data as {
    at?: string;
    lost?: boolean;
    followUp?: boolean;
    deviceInfo?: AlertFacts['device'];
    latitude?: number;
    longitude?: number;
    call?: AlertFacts['call'];
    message?: AlertFacts['message'];
  };
  return {
    kind: delivery.kind,
    qrId: delivery.qr_id,
    qrName: delivery.qr_name ?? '',
    qrType: delivery.qr_type ?? 'PERSON',
    lost: Boolean(data.lost),
    scanCount: delivery.scan_count,
    followUp: Boolean(data.followUp),
    at: data.at ? new Date(data.at) : new Date(),
    device: data.deviceInfo,
    location:
      typeof data.latitude === 'number' && typeof data.longitude === 'number'
        ? { latitude: data.latitude, longitude: data.longitude }
        : undefined,
    call: data.call,
    message: data.message,
  };
}

/**
 * The alert dispatcher: turns outbox rows into deliveries and sends the due ones, at least once
 * (a delivery is marked sent only after its channel accepted it), with retries and back-off.
 * Woken at once by `kick()` (a scan batch committed here), and otherwise every `pollMs`, which
 * also picks up what other replicas wrote and what waits out a coalescing minute.
 */
export function createAlertDispatcher(options: {
  repository: AlertsRepository;
  senders: AlertSenders;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** 'manual': no timers, tests call runOnce. */
  mode?: 'auto' | 'manual';
  /** A channel's send failed (a metric). */
  onSendFailure?: (channel: 'push' | 'email') => void;
}) {
  const { repository, senders, log } = options;
  const pollMs = options.pollMs ?? 1_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let lastPrune = 0;
  let lastRun = 0;

  const sendOne = async (delivery: DueDelivery): Promise<SendResult> => {
    if (!delivery.qr_type) return { fail: 'the QR code was deleted' };
    const facts = factsOf(delivery);
    if (delivery.channel === 'push') {
      if (!delivery.endpoint || !delivery.p256dh || !delivery.auth) {
        return { fail: 'the device turned alerts off' };
      }
      return senders.push(
        delivery as DueDelivery & { endpoint: string; p256dh: string; auth: string },
        facts,
        languageOf(delivery.sub_language),
      );
    }
    if (delivery.recipient === 'owner') {
      if (!delivery.owner_email || !delivery.owner_verified) {
        return { fail: 'the address is not confirmed' };
      }
      return senders.email(
        delivery,
        delivery.owner_email,
        facts,
        languageOf(delivery.owner_language),
        { kind: 'owner', qrId: facts.qrId },
      );
    }
    if (delivery.recipient.startsWith('member:')) {
      // Checked again at sending: someone who left the organisation meanwhile gets nothing.
      if (!delivery.member_email || !delivery.member_verified) {
        return { fail: 'not a member any more, or the address is not confirmed' };
      }
      return senders.email(
        delivery,
        delivery.member_email,
        facts,
        languageOf(delivery.member_language),
        { kind: 'member', userId: delivery.recipient.slice('member:'.length) },
      );
    }
    if (!delivery.guardian_email) return { fail: 'the guardian left' };
    return senders.email(
      delivery,
      delivery.guardian_email,
      facts,
      languageOf(delivery.guardian_language),
      { kind: 'guardian', guardianId: delivery.recipient.slice('guardian:'.length) },
    );
  };

  /** One pass: expand every waiting event, then send every due delivery. */
  async function runOnce(
    now = new Date(),
  ): Promise<{ expanded: number; sent: number; failed: number }> {
    let expanded = 0;
    for (;;) {
      const count = await repository.expandEvents(200, now, (events) =>
        mergeDeliveries(events.flatMap((event) => recipientsOf(event, now))),
      );
      expanded += count;
      if (count < 200) break;
    }
    let sent = 0;
    let failed = 0;
    for (;;) {
      const due = await repository.claimDue(50, now, LEASE_SECONDS);
      if (!due.length) break;
      const results = await Promise.all(
        due.map((delivery) =>
          sendOne(delivery).catch((error: Error): SendResult => ({ retry: error.message })),
        ),
      );
      const done: number[] = [];
      for (const [index, result] of results.entries()) {
        const delivery = due[index];
        if (result === 'sent') {
          done.push(delivery.id);
          continue;
        }
        failed += 1;
        options.onSendFailure?.(delivery.channel);
        if (result === 'gone') {
          if (delivery.endpoint) await repository.deleteSubscription(delivery.endpoint);
          await repository.markFailed(
            delivery.id,
            'the push service forgot this device',
            undefined,
          );
        } else if ('fail' in result || delivery.attempts >= MAX_ATTEMPTS) {
          const reason = 'fail' in result ? result.fail : result.retry;
          log.warn(
            { deliveryId: delivery.id, channel: delivery.channel, reason },
            'alert given up',
          );
          await repository.markFailed(delivery.id, reason, undefined);
        } else {
          await repository.markFailed(
            delivery.id,
            result.retry,
            new Date(now.getTime() + retryDelayMs(delivery.attempts)),
          );
        }
      }
      await repository.markSent(done, now);
      sent += done.length;
      if (due.length < 50) break;
    }
    return { expanded, sent, failed };
  }

  let soon = false;
  /** The next run in `ms` (a poll), or, with `sooner`, at that time unless one is due earlier. */
  const schedule = (ms: number, sooner = false) => {
    if (closed || options.mode === 'manual') return;
    if (sooner && soon) return;
    soon = sooner;
    clearTimeout(timer);
    timer = setTimeout(() => {
      soon = false;
      kick();
    }, ms);
    timer.unref();
  };

  /**
   * A batch committed: run soon, but at most once every MIN_GAP_MS, so that under a flood of
   * scans the dispatcher's queries are paid per interval, not per batch.
   */
  function kick(): void {
    if (closed || options.mode === 'manual') return;
    if (running) {
      again = true;
      return;
    }
    const wait = lastRun + MIN_GAP_MS - Date.now();
    if (wait > 0) {
      schedule(wait, true);
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          lastRun = Date.now();
          await runOnce();
          if (again) await delay(Math.max(0, lastRun + MIN_GAP_MS - Date.now()));
        } while (again && !closed);
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await repository.prune(7);
        }
      } catch (error) {
        log.error({ err: error }, 'alert dispatch failed');
      } finally {
        running = undefined;
        schedule(pollMs);
      }
    })();
  }

  return {
    runOnce,
    kick,
    start: () => schedule(0),
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await running;
      senders.close();
    },
  };
}

export type AlertDispatcher = ReturnType<typeof createAlertDispatcher>;
