import type { Conversation, Message } from '@carecode/domain/messages/message.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { scanKeys } from '../api/scan-keys.ts';
import { indiaMessageTime } from '../lib/format.ts';
import { conversationKeys } from '../api/conversation-keys.ts';

const conversationsQuery = (qrId: string) =>
  queryOptions({
    queryKey: conversationKeys.ofQr(qrId),
    queryFn: ({ signal }) =>
      apiFetch<{ items: Conversation[] }>(`/conversations?qrId=${encodeURIComponent(qrId)}`, {
        signal,
      }),
  });

const timeOf = (iso: string, language: string) => indiaMessageTime(iso, language, true);

/** A message's photo: read with the owner's token, shown from memory. */
function OwnerPhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let isCurrent = true;
    void (async () => {
      const token = await getAccessToken();
      const response = await fetch(url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok || !isCurrent) return;
      objectUrl = URL.createObjectURL(await response.blob());
      setSrc(objectUrl);
    })().catch(() => undefined);
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? <img src={src} alt={alt} className="mt-1 max-h-64 rounded-lg" /> : null;
}

function ConversationThread({ conversation }: { conversation: Conversation }) {
  const { t, i18n } = useTranslation('finder');
  const { errorText } = useErrorText();
  const queryClient = useQueryClient();
  const replyId = useId();
  const [text, setText] = useState('');
  // The history beside counts the messages too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
      queryClient.invalidateQueries({ queryKey: scanKeys.histories() }),
    ]);
  const reply = useMutation({
    mutationFn: () =>
      apiFetch<Message>(`/conversations/${encodeURIComponent(conversation.id)}/messages`, {
        method: 'POST',
        body: { text: text.trim() },
      }),
    onSuccess: async () => {
      setText('');
      toast.success(t('conversations.replied'));
      await refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const block = useMutation({
    mutationFn: (blocked: boolean) =>
      apiFetch<{ blocked: boolean }>(
        `/conversations/${encodeURIComponent(conversation.id)}/block`,
        { method: blocked ? 'PUT' : 'DELETE' },
      ),
    onSuccess: async ({ blocked }) => {
      toast.success(blocked ? t('conversations.blockedToast') : t('conversations.unblockedToast'));
      await refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });

  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {t('conversations.started', { time: timeOf(conversation.createdAt, i18n.language) })}
          {conversation.blocked && (
            <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
              {t('conversations.blocked')}
            </span>
          )}
        </p>
        <Button
          variant="ghost"
          disabled={block.isPending}
          onClick={() => block.mutate(!conversation.blocked)}
        >
          {conversation.blocked ? t('conversations.unblock') : t('conversations.block')}
        </Button>
      </div>
      <ol className="mt-2 space-y-2">
        {conversation.messages.map((message) => (
          <li
            key={message.id}
            className={`max-w-[85%] rounded-2xl px-3 py-2 ${
              message.sender === 'owner'
                ? 'ml-auto bg-brand-700 text-white'
                : 'mr-auto bg-slate-100 text-slate-900'
            }`}
          >
            <p className="text-xs font-semibold opacity-80">
              {message.sender === 'owner' ? t('conversations.you') : t('conversations.finder')} ·{' '}
              <time dateTime={message.createdAt}>{timeOf(message.createdAt, i18n.language)}</time>
            </p>
            {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
            {message.photoUrl && (
              <OwnerPhoto url={message.photoUrl} alt={t('conversations.photoAlt')} />
            )}
          </li>
        ))}
      </ol>
      <form
        className="mt-3 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) reply.mutate();
        }}
      >
        <label htmlFor={replyId} className="block text-sm font-semibold text-slate-800">
          {t('conversations.replyLabel')}
        </label>
        <textarea
          id={replyId}
          rows={2}
          maxLength={500}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        <Button type="submit" disabled={reply.isPending || !text.trim()}>
          {reply.isPending ? t('conversations.sending') : t('conversations.send')}
        </Button>
      </form>
    </li>
  );
}

/** The QR's conversations with finders: their messages, the owner's replies, and blocking. */
export function ConversationsCard({ qrId }: { qrId: string }) {
  const { t } = useTranslation('finder');
  const { errorText } = useErrorText();
  const { data, error, isPending } = useQuery(conversationsQuery(qrId));
  return (
    <section
      aria-labelledby="conversations-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="conversations-title" className="text-lg font-bold text-slate-900">
        {t('conversations.title')}
      </h2>
      {isPending ? (
        <p className="mt-2 text-slate-600">{t('conversations.loading')}</p>
      ) : error ? (
        <p role="alert" className="mt-2 text-red-800">
          {errorText(error)}
        </p>
      ) : !data?.items.length ? (
        <p className="mt-2 text-slate-600">{t('conversations.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {data.items.map((conversation) => (
            <ConversationThread key={conversation.id} conversation={conversation} />
          ))}
        </ul>
      )}
    </section>
  );
}
