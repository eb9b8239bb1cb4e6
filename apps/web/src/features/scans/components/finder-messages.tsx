import type { Message } from '@carecode/domain/messages/message.schema';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { indiaMessageTime } from '../lib/format.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { getMessages, scanEventsUrl, sendMessage } from '../api/finder-contact.ts';

/** The limits the server applies, checked here first so a scanner learns at once. */
export const MESSAGE_MAX = 500;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const timeOf = (iso: string, language: string) => indiaMessageTime(iso, language);

/**
 * 'Send a message to the owner': a written way to reach the owner when a call is not possible.
 * The owner's replies appear here as they are written (the scan session's event stream).
 */
export default function FinderMessages({ scanId }: { scanId: string }) {
  const { t, i18n } = useTranslation('scans');
  const { errorText, fieldText } = useErrorText();
  const titleId = useId();
  const textId = useId();
  const photoId = useId();
  const [messages, setMessages] = useState<Message[]>([]);
  const [isBlocked, setBlocked] = useState(false);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  // Drawn by the server too: sending waits for the page's script.
  const isHydrated = useHydrated();

  const refresh = useCallback(
    () =>
      getMessages(scanId).then(
        (conversation) => {
          setMessages(Array.isArray(conversation?.messages) ? conversation.messages : []);
          setBlocked(Boolean(conversation?.blocked));
        },
        () => undefined,
      ),
    [scanId],
  );

  useEffect(() => {
    void refresh();
    if (typeof EventSource === 'undefined') return;
    const events = new EventSource(scanEventsUrl(scanId, runtimeConfig.apiBaseUrl));
    events.addEventListener('message', () => void refresh());
    // The stream ends with the session; the browser would reopen it, but it cannot come back.
    events.addEventListener('expired', () => events.close());
    return () => events.close();
  }, [scanId, refresh]);

  const choosePhoto = (file: File | undefined) => {
    setError(null);
    if (!file) return setPhoto(null);
    if (!PHOTO_TYPES.includes(file.type)) {
      setError(t('messages.photoType'));
    } else if (file.size > PHOTO_MAX_BYTES) {
      setError(t('messages.photoSize'));
    } else {
      return setPhoto(file);
    }
    setPhoto(null);
    if (photoInput.current) photoInput.current.value = '';
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!text.trim() && !photo) return setError(t('messages.empty'));
    setSending(true);
    try {
      const sent = await sendMessage(scanId, text.trim(), photo ?? undefined);
      setMessages((current) => [...current, sent]);
      setText('');
      setPhoto(null);
      if (photoInput.current) photoInput.current.value = '';
      setNotice(t('messages.sent'));
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields?.text : undefined;
      if (failure instanceof ApiError && failure.code === 'CONVERSATION_BLOCKED') setBlocked(true);
      setError(field ? fieldText(field) : errorText(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm noscript:hidden sm:p-5"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('messages.title')}
      </h2>
      <p className="mt-1 text-slate-600">{t('messages.intro')}</p>
      {messages.length > 0 && (
        <ol aria-label={t('messages.conversation')} className="mt-3 space-y-2">
          {messages.map((message) => (
            <li
              key={message.id}
              className={`max-w-[85%] rounded-2xl px-3 py-2 ${
                message.sender === 'scanner'
                  ? 'ml-auto bg-blue-700 text-white'
                  : 'mr-auto bg-slate-100 text-slate-900'
              }`}
            >
              <p className="text-xs font-semibold opacity-80">
                {message.sender === 'scanner' ? t('messages.you') : t('messages.owner')} ·{' '}
                <time dateTime={message.createdAt}>{timeOf(message.createdAt, i18n.language)}</time>
              </p>
              {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
              {message.photoUrl && (
                <img
                  src={message.photoUrl}
                  alt={t('messages.photoAlt')}
                  loading="lazy"
                  className="mt-1 max-h-64 rounded-lg"
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {isBlocked ? (
        <p role="status" className="mt-3 font-medium text-slate-700">
          {t('messages.blocked')}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-2">
          <label htmlFor={textId} className="block font-semibold text-slate-900">
            {t('messages.label')}
          </label>
          <textarea
            id={textId}
            rows={3}
            maxLength={MESSAGE_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${textId}-count`}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <p id={`${textId}-count`} className="text-right text-sm text-slate-500">
            {t('messages.count', { count: text.length, max: MESSAGE_MAX })}
          </p>
          <label htmlFor={photoId} className="block font-semibold text-slate-900">
            {t('messages.photo')}
          </label>
          <input
            ref={photoInput}
            id={photoId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => choosePhoto(event.target.files?.[0])}
            aria-describedby={`${photoId}-hint`}
            className="block w-full text-sm"
          />
          <p id={`${photoId}-hint`} className="text-sm text-slate-600">
            {t('messages.photoHint')}
          </p>
          {error && (
            <p role="alert" className="font-medium text-red-800">
              {error}
            </p>
          )}
          <p role="status" aria-live="polite" className="text-sm text-green-800">
            {notice}
          </p>
          <button
            type="submit"
            disabled={isSending || !isHydrated}
            aria-busy={isSending}
            className="min-h-11 w-full rounded-xl bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 disabled:opacity-60 sm:w-auto"
          >
            {isSending ? t('messages.sending') : t('messages.send')}
          </button>
        </form>
      )}
    </section>
  );
}
