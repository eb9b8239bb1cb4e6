import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Exotel's Voice v1 'connect two numbers' API, written from its public
 * reference: `POST /v1/Accounts/{sid}/Calls/connect.json` with HTTP basic auth (API key and
 * token), a form with From, To and CallerId (required; E.164 preferred), CallType, TimeLimit
 * (at most 14400) and StatusCallback; it answers `{ Call: { Sid, Status: 'in-progress', … } }`.
 * `finish()` plays the end of a call: a form POST to the StatusCallback with CallSid, Status
 * (completed, failed, busy, no-answer), DateUpdated and, for the terminal event, the
 * ConversationDuration.
 */
export interface ExotelStandIn {
  baseUrl: string;
  apiKey: string;
  apiToken: string;
  accountSid: string;
  callerId: string;
  /** Every request, in order. */
  requests: {
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    form: Record<string, string>;
  }[];
  /** Calls placed, by Sid. */
  calls: Map<string, { from: string; to: string; statusCallback?: string }>;
  /** The next connect request answers this status and body instead. */
  failNext(status: number, body?: unknown): void;
  /** Ends a call as the network would, telling its StatusCallback; answers the callback's status. */
  finish(
    sid: string,
    outcome: { status: 'completed' | 'failed' | 'busy' | 'no-answer'; durationSeconds?: number },
  ): Promise<number>;
  close(): Promise<void>;
}

const E164_INDIA = /^\+91\d{10}$/;
const exotelTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

export async function startExotelStandIn(): Promise<ExotelStandIn> {
  const requests: ExotelStandIn['requests'] = [];
  const calls: ExotelStandIn['calls'] = new Map();
  let failure: { status: number; body?: unknown } | undefined;
  const apiKey = `key_${randomBytes(4).toString('hex')}`;
  const apiToken = `token_${randomBytes(8).toString('hex')}`;
  const accountSid = `carecode${randomBytes(3).toString('hex')}`;
  const callerId = '+918047112233';

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const restException = (res: ServerResponse, status: number, message: string) =>
    answer(res, status, { RestException: { Status: status, Message: message } });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? '').split('?')[0];
      requests.push({ method: req.method ?? '', path, headers: req.headers, form });
      const expectedAuth = `Basic ${Buffer.from(`${apiKey}:${apiToken}`).toString('base64')}`;
      if (req.headers.authorization !== expectedAuth) {
        return restException(res, 401, 'Authentication is required to view this page.');
      }
      if (req.method !== 'POST' || path !== `/v1/Accounts/${accountSid}/Calls/connect.json`) {
        return restException(res, 404, 'Not found');
      }
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return restException(res, 400, 'Expected a form');
      }
      if (failure) {
        const { status, body } = failure;
        failure = undefined;
        return answer(
          res,
          status,
          body ?? { RestException: { Status: status, Message: 'Failed' } },
        );
      }
      for (const field of ['From', 'To', 'CallerId']) {
        if (!form[field]) return restException(res, 400, `Missing parameter ${field}`);
      }
      if (!E164_INDIA.test(form.From) || !E164_INDIA.test(form.To)) {
        return restException(res, 400, 'From and To must be phone numbers');
      }
      if (form.CallerId !== callerId) return restException(res, 400, 'Invalid CallerId');
      if (form.CallType && !['trans', 'promo'].includes(form.CallType)) {
        return restException(res, 400, 'Invalid CallType');
      }
      if (form.TimeLimit && !(Number(form.TimeLimit) > 0 && Number(form.TimeLimit) <= 14400)) {
        return restException(res, 400, 'Invalid TimeLimit');
      }
      const sid = randomBytes(16).toString('hex');
      calls.set(sid, { from: form.From, to: form.To, statusCallback: form.StatusCallback });
      const now = exotelTime(new Date());
      return answer(res, 200, {
        Call: {
          Sid: sid,
          ParentCallSid: null,
          DateCreated: now,
          DateUpdated: now,
          AccountSid: accountSid,
          To: form.To,
          From: form.From,
          PhoneNumberSid: callerId,
          Status: 'in-progress',
          StartTime: now,
          EndTime: null,
          Duration: null,
          Price: null,
          Direction: 'outbound-api',
          AnsweredBy: null,
          ForwardedFrom: null,
          CallerName: null,
          Uri: `/v1/Accounts/${accountSid}/Calls/${sid}.json`,
          RecordingUrl: null,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    apiToken,
    accountSid,
    callerId,
    requests,
    calls,
    failNext(status, body) {
      failure = { status, body };
    },
    async finish(sid, outcome) {
      const call = calls.get(sid);
      if (!call?.statusCallback) throw new Error(`no call ${sid} with a StatusCallback`);
      const now = new Date();
      const form = new URLSearchParams({
        CallSid: sid,
        Status: outcome.status,
        DateUpdated: exotelTime(now),
        RecordingUrl: '',
        EventType: 'terminal',
        DateCreated: exotelTime(now),
        To: call.to,
        From: call.from,
        PhoneNumberSid: callerId,
        ConversationDuration: String(outcome.durationSeconds ?? 0),
      });
      const response = await fetch(call.statusCallback, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      return response.status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
