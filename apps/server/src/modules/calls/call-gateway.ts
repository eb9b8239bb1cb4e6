/** What the bridge asks of a call gateway: ring `from`, then connect `to` through a virtual number. */
export interface ConnectCallInput {
  /** The scanner, E.164 (+91…): rung first. */
  from: string;
  /** The owner's contact, E.164: rung once the scanner answers. */
  to: string;
  /** Longest call in seconds. */
  timeLimitSeconds: number;
  /** Where the gateway reports how the call ended. */
  statusCallbackUrl: string;
}

export interface CallGateway {
  readonly name: 'sandbox' | 'exotel';
  /** Answers the gateway's id of the call. */
  connect(input: ConnectCallInput): Promise<{ callId: string }>;
}

/** A gateway call that failed: an error answer, a broken answer, or no answer in time. */
export class CallGatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CallGatewayError';
  }
}

/** The sandbox dials nobody: the page says the call is simulated. */
export function createSandboxCallGateway(): CallGateway {
  let sequence = 0;
  return {
    name: 'sandbox',
    async connect() {
      sequence += 1;
      return { callId: `sandbox-${Date.now().toString(36)}-${sequence}` };
    },
  };
}

export interface ExotelOptions {
  apiKey: string;
  apiToken: string;
  accountSid: string;
  /** The ExoPhone (virtual number) both people see. */
  callerId: string;
  /** https://api.in.exotel.com (Mumbai) unless a test points it at a stand-in. */
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * Exotel Voice v1 'connect two numbers': `POST /v1/Accounts/{sid}/Calls/connect.json`, a form
 * with From (rung first), To, CallerId, CallType=trans, TimeLimit and StatusCallback (told how
 * the call ended), HTTP basic auth with the API key and token. The answer's `Call.Sid` is the
 * call's id.
 */
export function createExotelCallGateway(options: ExotelOptions): CallGateway {
  const endpoint = `${options.baseUrl}/v1/Accounts/${encodeURIComponent(options.accountSid)}/Calls/connect.json`;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiToken}`).toString('base64')}`;
  return {
    name: 'exotel',
    async connect(input) {
      const form = new URLSearchParams({
        From: input.from,
        To: input.to,
        CallerId: options.callerId,
        CallType: 'trans',
        TimeLimit: String(input.timeLimitSeconds),
        StatusCallback: input.statusCallbackUrl,
        'StatusCallbackEvents[0]': 'terminal',
      });
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new CallGatewayError(`Exotel unreachable: ${(error as Error).message}`);
      }
      const text = await response.text();
      if (!response.ok) {
        throw new CallGatewayError(
          `Exotel answered ${response.status}: ${text.slice(0, 200)}`,
          response.status,
        );
      }
      let sid: unknown;
      try {
        sid = (JSON.parse(text) as { Call?: { Sid?: unknown } }).Call?.Sid;
      } catch {
        // handled below
      }
      if (typeof sid !== 'string' || !sid) {
        throw new CallGatewayError('Exotel answered without a call Sid', response.status);
      }
      return { callId: sid };
    },
  };
}
