import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CALL_TIME_LIMIT_SECONDS,
  CALLS_PER_NUMBER_PER_DAY,
  CALLS_PER_SESSION,
  canHideNumbers,
  type Call,
  type CallStatus,
  type OwnerCall,
} from '@carecode/domain/calls/call.schema';
import { contactGroupsOf, type ContactGroup } from '@carecode/domain/qr-codes/qr-fields';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { CallGatewayError, type CallGateway } from './call-gateway.ts';
import { FINAL_CALL_STATUSES, type CallRow, type CallsRepository } from './calls.repository.ts';

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** The status callback's token: only the gateway we told it to can settle a call. */
export const callbackToken = (key: Buffer, callId: string) =>
  hmac(key, `call-status:${callId}`).subarray(0, 16).toString('base64url');

const toCall = (row: CallRow): Call => ({
  id: row.id,
  contact: row.contact,
  status: row.status as CallStatus,
  simulated: row.gateway === 'sandbox',
});

export const toOwnerCall = (row: CallRow): OwnerCall => ({
  id: row.id,
  contact: row.contact,
  status: row.status as CallStatus,
  durationSeconds: row.duration_seconds,
  scannerLast2: row.scanner_last2,
  simulated: row.gateway === 'sandbox',
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * The masked call bridge: a scanner of a code whose owner hides their numbers asks for a call to
 * one of its contacts; the gateway rings the scanner, then the contact, through a virtual number,
 * so neither sees the other's number. The scanner's number is kept only as a keyed hash (the
 * daily limit) and its last two digits (the owner's history).
 */
export function createCallsService(options: {
  repository: CallsRepository;
  gateway: CallGateway;
  linkKey: Buffer;
  /** `{API}/calls/{id}/status?token=…`, where the gateway reports the end of a call. */
  statusCallbackUrl: (callId: string, token: string) => string;
  onAlertWritten: () => void;
  onGatewayError: () => void;
}) {
  const { repository, gateway, linkKey } = options;

  return {
    async request(scanId: string, contact: ContactGroup, scannerNumber: string): Promise<Call> {
      const session = await repository.session(scanId);
      if (!session) throw new AppError('SCAN_NOT_FOUND');
      if (!session.live) throw new AppError('SCAN_EXPIRED');
      if (!session.hide_numbers || !canHideNumbers(session.plan)) {
        throw new AppError('CALL_NOT_OFFERED');
      }
      const target = session.details[contact] as { phoneNumber?: string } | undefined;
      if (!contactGroupsOf(session.type).includes(contact) || !target?.phoneNumber) {
        throw new AppError('CALL_CONTACT_NOT_FOUND');
      }
      const id = newId();
      const outcome = await repository.requestWithinLimits({
        id,
        scanId,
        qrId: session.qr_id,
        ownerId: session.owner_id,
        contact,
        scannerHash: hmac(linkKey, `caller:${scannerNumber}`).toString('hex'),
        scannerLast2: scannerNumber.slice(-2),
        gateway: gateway.name,
        perSession: CALLS_PER_SESSION,
        perNumberPerDay: CALLS_PER_NUMBER_PER_DAY,
      });
      if (outcome === 'session-limit') {
        throw new AppError('CALL_SESSION_LIMIT', { params: { limit: CALLS_PER_SESSION } });
      }
      if (outcome === 'number-limit') {
        throw new AppError('CALL_NUMBER_LIMIT', { params: { limit: CALLS_PER_NUMBER_PER_DAY } });
      }
      let callId: string;
      try {
        ({ callId } = await gateway.connect({
          from: scannerNumber,
          to: `+91${target.phoneNumber}`,
          timeLimitSeconds: CALL_TIME_LIMIT_SECONDS,
          statusCallbackUrl: options.statusCallbackUrl(id, callbackToken(linkKey, id)),
        }));
      } catch (error) {
        await repository.failedToStart(id);
        if (error instanceof CallGatewayError) {
          options.onGatewayError();
          throw new AppError('CALL_GATEWAY_UNAVAILABLE');
        }
        throw error;
      }
      const simulated = gateway.name === 'sandbox';
      await repository.started(id, callId, simulated);
      if (simulated) options.onAlertWritten();
      return { id, contact, status: simulated ? 'completed' : 'in-progress', simulated };
    },

    /**
     * The gateway's status callback. False when the token, the call or its gateway id is wrong;
     * statuses other than the final four (completed, failed, busy, no-answer) are acknowledged
     * and ignored.
     */
    async settle(
      callId: string,
      token: string,
      report: { callSid?: string; status?: string; durationSeconds: number | null },
    ): Promise<boolean> {
      const expected = Buffer.from(callbackToken(linkKey, callId));
      const given = Buffer.from(token);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      if (!report.callSid) return false;
      const status = FINAL_CALL_STATUSES.find((final) => final === report.status);
      if (!status) return true;
      const found = await repository.settle(
        callId,
        report.callSid,
        status,
        status === 'completed' ? report.durationSeconds : null,
      );
      if (found) options.onAlertWritten();
      return found;
    },

    async ofScan(scanId: string): Promise<Call[]> {
      return (await repository.ofScan(scanId)).map(toCall);
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
