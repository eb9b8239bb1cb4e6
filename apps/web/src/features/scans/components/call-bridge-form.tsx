import type { Call } from '@carecode/domain/calls/call.schema';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { getCalls, requestCall } from '../api/finder-contact.ts';
import type { BridgeContact } from './hidden-number-call.tsx';

/** How often the page asks how a call in progress went, and for how long. */
export const CALL_POLL_MS = 4000;
const CALL_POLL_FOR_MS = 15 * 60_000;
const FINAL = new Set(['completed', 'failed', 'busy', 'no-answer']);

/**
 * The scanner's number, then the call: the gateway rings the scanner first and connects the
 * contact through a virtual number. The page follows the call until it ends.
 */
export default function CallBridgeForm({
  scanId,
  contact,
  role,
  onCancel,
}: {
  scanId: string;
  contact: BridgeContact;
  role: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('scans');
  const { errorText, fieldText } = useErrorText();
  const inputId = useId();
  const [number, setNumber] = useState('');
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [call, setCall] = useState<Call | null>(null);

  // Follow a real call until the gateway says how it ended.
  useEffect(() => {
    if (!call || call.simulated || FINAL.has(call.status)) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > CALL_POLL_FOR_MS) return clearInterval(timer);
      getCalls(scanId).then(
        ({ items }) => {
          const latest = items.find((item) => item.id === call.id);
          if (latest && latest.status !== call.status) setCall(latest);
        },
        () => undefined,
      );
    }, CALL_POLL_MS);
    return () => clearInterval(timer);
  }, [call, scanId]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setSending(true);
    try {
      setCall(await requestCall(scanId, contact, number));
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fields?.phoneNumber : undefined;
      setError(fieldMessage ? fieldText(fieldMessage) : errorText(failure));
    } finally {
      setSending(false);
    }
  };

  if (call) {
    const settled = FINAL.has(call.status) && !call.simulated;
    return (
      <div
        role="status"
        aria-live="polite"
        className="space-y-2 rounded-xl bg-blue-50 p-3 text-blue-950"
      >
        {call.simulated ? (
          <p>{t('bridge.simulated')}</p>
        ) : !settled ? (
          <p className="font-semibold">{t('bridge.ringing', { role })}</p>
        ) : call.status === 'completed' ? (
          <p>{t('bridge.completed')}</p>
        ) : (
          <p className="font-semibold text-red-800">
            {t('bridge.notConnected', { status: t(`bridge.status.${call.status}`) })}
          </p>
        )}
        {(call.simulated || settled) && (
          <button
            type="button"
            onClick={() => setCall(null)}
            className="min-h-11 rounded-lg border border-blue-300 bg-white px-4 font-semibold text-blue-800"
          >
            {t('bridge.again')}
          </button>
        )}
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-2 rounded-xl border border-blue-200 bg-blue-50 p-3"
    >
      <p className="text-sm text-slate-700">{t('bridge.intro', { role })}</p>
      <label htmlFor={inputId} className="block font-semibold text-slate-900">
        {t('bridge.yourNumber')}
      </label>
      <input
        id={inputId}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-lg"
      />
      <p id={`${inputId}-hint`} className="text-sm text-slate-600">
        {t('bridge.numberHint')}
      </p>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={isSending}
          aria-busy={isSending}
          className="min-h-11 rounded-lg bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {isSending ? t('bridge.sending') : t('bridge.submit')}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 rounded-lg px-4 font-semibold text-slate-700 hover:bg-white"
        >
          {t('bridge.cancel')}
        </button>
      </div>
    </form>
  );
}
