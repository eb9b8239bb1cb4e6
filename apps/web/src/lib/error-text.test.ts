import { describe, expect, it, vi, afterEach } from 'vitest';
import { apiFetch, ApiError } from './api-client.ts';
import { describeCode, describeError } from './error-text.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: string) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );

async function failure(): Promise<ApiError> {
  try {
    await apiFetch('/qr-codes/', { auth: false });
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('API errors by code', () => {
  it('keeps the code and values of an answer and shows its sentence in either language', async () => {
    answer(
      403,
      JSON.stringify({
        code: 'PLAN_QR_LIMIT',
        message:
          'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.',
        params: { plan: 'FREE', limit: 2 },
      }),
    );
    const error = await failure();
    expect(error).toMatchObject({ status: 403, code: 'PLAN_QR_LIMIT', isCoded: true });
    expect(describeError(error, 'en')).toBe(
      'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.',
    );
    expect(describeError(error, 'hi')).toBe(
      'आपका फ़्री प्लान अधिकतम 2 QR कोड की अनुमति देता है। और बनाने के लिए प्राइसिंग पेज पर अपग्रेड करें।',
    );
  });

  it('shows a code, not the answer’s English sentence, in Hindi', async () => {
    answer(404, JSON.stringify({ code: 'QR_NOT_FOUND', message: 'Some other English words.' }));
    expect(describeError(await failure(), 'hi')).toBe('QR कोड नहीं मिला।');
  });

  it('turns a dropped network into NETWORK_FAILED, in both languages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure();
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_FAILED' });
    expect(describeError(error, 'en')).toBe(
      'Could not reach CareCode. Please check your internet connection and try again.',
    );
    expect(describeError(error, 'hi')).toBe(
      'CareCode से संपर्क नहीं हो सका। कृपया अपना इंटरनेट कनेक्शन जाँचें और फिर से प्रयास करें।',
    );
  });

  it.each([
    [502, 'SERVICE_UNAVAILABLE'],
    [504, 'SERVICE_UNAVAILABLE'],
    [500, 'INTERNAL'],
    [429, 'RATE_LIMITED'],
    [401, 'SIGN_IN_REQUIRED'],
    [418, 'BAD_REQUEST'],
  ])(
    'infers a code from status %i when the answer has none (%s), marked as inferred',
    async (status, code) => {
      answer(status, '<html>proxy error</html>');
      const error = await failure();
      expect(error).toMatchObject({ status, code, isCoded: false });
      expect(describeError(error, 'en', 'Fallback text')).toBe('Fallback text');
    },
  );

  it('shows any other failure as the generic sentence', () => {
    expect(describeError(new Error('boom'), 'en')).toBe('An error occurred. Please try again.');
    expect(describeError(new Error('boom'), 'hi')).toBe('एक त्रुटि हुई। कृपया पुनः प्रयास करें।');
  });

  it('reads a code from a URL, and nothing else', () => {
    expect(describeCode('SCAN_EXPIRED', 'en')).toBe(
      'This scan session has expired. Please rescan the QR code.',
    );
    expect(describeCode('Call 1800-000-000 to claim your prize', 'en')).toBeUndefined();
    expect(describeCode(null, 'hi')).toBeUndefined();
  });
});
