import { CONVERSATION_KEEPS_SESSION_MINUTES } from '@carecode/domain/messages/message.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { newId } from '../../lib/ids.ts';
import { SCAN_EVENTS_CHANNEL } from '../scans/scans.sql.ts';

export interface MessageRow extends Record<string, unknown> {
  id: string;
  conversation_id: string;
  sender: 'scanner' | 'owner';
  text: string;
  has_photo: boolean;
  created_at: Date | string;
}

export interface ConversationRow extends Record<string, unknown> {
  id: string;
  scan_id: string;
  qr_id: string;
  blocked_at: Date | string | null;
  created_at: Date | string;
  last_message_at: Date | string;
}

export interface NewMessage {
  text: string;
  photo?: { data: Buffer; type: string };
}

const keepOpen = sql.raw(`interval '${CONVERSATION_KEEPS_SESSION_MINUTES} minutes'`);

/** The columns of a message without its photo's bytes. */
const messageColumns = sql`m.id, m.conversation_id, m.sender, m.text, m.photo is not null as has_photo,
  m.created_at`;

export function createMessagesRepository(db: Db) {
  const rows = <Row extends Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
    queryRows<Row>(db, statement);

  return {
    /**
     * A scanner's message: opens the scan's conversation (one per scan), stores the message,
     * keeps the scan session open 30 minutes more, writes the owner's alert and tells the
     * owner's open pages, in one transaction. 'expired' when the session has ended (or the scan
     * is unknown), 'blocked' when the owner blocked this conversation.
     */
    async fromScanner(
      scanId: string,
      message: NewMessage,
    ): Promise<{ message: MessageRow } | 'expired' | 'blocked' | 'not-found'> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const [scan] = await queryRows<{ live: boolean; qr_id: string; owner_id: string }>(
          t,
          sql`select s.expires_at > now() as live, q.id as qr_id, q.owner_id
              from scans s join qr_codes q on q.id = s.qr_id
              where s.id = ${scanId} for update of s`,
        );
        if (!scan) return 'not-found';
        if (!scan.live) return 'expired';
        const [conversation] = await queryRows<{ id: string; blocked: boolean }>(
          t,
          sql`insert into conversations (id, scan_id, qr_id, owner_id)
              values (${newId()}, ${scanId}, ${scan.qr_id}, ${scan.owner_id})
              on conflict (scan_id) do update set last_message_at = now()
              returning id, blocked_at is not null as blocked`,
        );
        if (conversation.blocked) return 'blocked';
        const [stored] = await queryRows<MessageRow>(
          t,
          sql`with m as (
                insert into messages (id, conversation_id, sender, text, photo, photo_type)
                values (${newId()}, ${conversation.id}, 'scanner', ${message.text},
                        ${message.photo?.data ?? null}, ${message.photo?.type ?? null})
                returning *
              ) select ${messageColumns} from m`,
        );
        await t.execute(sql`
          update scans set expires_at = greatest(expires_at, now() + ${keepOpen})
          where id = ${scanId}`);
        await t.execute(sql`
          insert into alert_events (kind, qr_id, owner_id, scan_id, occurred_at, data)
          values ('message', ${scan.qr_id}, ${scan.owner_id}, ${scanId}, now(),
                  jsonb_build_object('message', jsonb_build_object(
                    'text', ${message.text}::text, 'hasPhoto', ${Boolean(message.photo)}::boolean)))`);
        await t.execute(
          sql`select pg_notify(${SCAN_EVENTS_CHANNEL}, ${JSON.stringify({
            type: 'message',
            ownerId: scan.owner_id,
            qrId: scan.qr_id,
            scanId,
            conversationId: conversation.id,
          })})`,
        );
        return { message: stored };
      });
    },

    /**
     * The owner's reply: stored, the scan session kept open 30 minutes more so the scanner can
     * read it, and sent to the scanner's open page. Undefined when the conversation is not
     * this owner's.
     */
    async fromOwner(
      ownerId: string,
      conversationId: string,
      text: string,
    ): Promise<MessageRow | undefined> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const [conversation] = await queryRows<{ scan_id: string }>(
          t,
          sql`update conversations set last_message_at = now()
              where id = ${conversationId} and owner_id = ${ownerId}
              returning scan_id`,
        );
        if (!conversation) return undefined;
        const [stored] = await queryRows<MessageRow>(
          t,
          sql`with m as (
                insert into messages (id, conversation_id, sender, text)
                values (${newId()}, ${conversationId}, 'owner', ${text})
                returning *
              ) select ${messageColumns} from m`,
        );
        await t.execute(sql`
          update scans set expires_at = greatest(expires_at, now() + ${keepOpen})
          where id = ${conversation.scan_id}`);
        await t.execute(
          sql`select pg_notify(${SCAN_EVENTS_CHANNEL}, ${JSON.stringify({
            type: 'message',
            // A scanner's page listens under its scan: `scan:{scanId}`.
            ownerId: `scan:${conversation.scan_id}`,
            scanId: conversation.scan_id,
          })})`,
        );
        return stored;
      });
    },

    /** The scan's conversation while its session lasts; 'expired' after, undefined if unknown. */
    async ofScan(
      scanId: string,
    ): Promise<{ blocked: boolean; messages: MessageRow[] } | 'expired' | undefined> {
      const [scan] = await rows<{
        live: boolean;
        conversation_id: string | null;
        blocked: boolean;
      }>(
        sql`select s.expires_at > now() as live, c.id as conversation_id,
                   c.blocked_at is not null as blocked
            from scans s left join conversations c on c.scan_id = s.id
            where s.id = ${scanId}`,
      );
      if (!scan) return undefined;
      if (!scan.live) return 'expired';
      if (!scan.conversation_id) return { blocked: false, messages: [] };
      const messages = await rows<MessageRow>(sql`
        select ${messageColumns} from messages m
        where m.conversation_id = ${scan.conversation_id}
        order by m.created_at, m.id`);
      return { blocked: Boolean(scan.blocked), messages };
    },

    /** The owner's conversations (of one QR, or all), latest first, with their messages. */
    async ofOwner(
      ownerId: string,
      qrId?: string,
    ): Promise<(ConversationRow & { messages: MessageRow[] })[]> {
      const conversations = await rows<ConversationRow>(sql`
        select id, scan_id, qr_id, blocked_at, created_at, last_message_at from conversations
        where owner_id = ${ownerId} ${qrId ? sql`and qr_id = ${qrId}` : sql``}
        order by last_message_at desc, id limit 50`);
      if (!conversations.length) return [];
      const ids = `{${conversations.map((c) => c.id).join(',')}}`;
      const messages = await rows<MessageRow>(sql`
        select ${messageColumns} from messages m
        where m.conversation_id = any(${ids}::text[])
        order by m.created_at, m.id`);
      return conversations.map((conversation) => ({
        ...conversation,
        messages: messages.filter((m) => m.conversation_id === conversation.id),
      }));
    },

    /** Blocks or unblocks a conversation; false when it is not this owner's. */
    async setBlocked(ownerId: string, conversationId: string, blocked: boolean): Promise<boolean> {
      const result = await rows<{ id: string }>(sql`
        update conversations set blocked_at = ${blocked ? sql`now()` : sql`null`}
        where id = ${conversationId} and owner_id = ${ownerId}
        returning id`);
      return result.length > 0;
    },

    /**
     * A message's photo, for the owner of its conversation or for the scanner while the scan
     * session lasts.
     */
    async photo(
      messageId: string,
      reader: { ownerId: string } | { scanId: string },
    ): Promise<{ data: Buffer; type: string } | undefined> {
      const [row] = await rows<{ photo: Buffer | Uint8Array; photo_type: string }>(sql`
        select m.photo, m.photo_type from messages m
        join conversations c on c.id = m.conversation_id
        join scans s on s.id = c.scan_id
        where m.id = ${messageId} and m.photo is not null and ${
          'ownerId' in reader
            ? sql`c.owner_id = ${reader.ownerId}`
            : sql`c.scan_id = ${reader.scanId} and s.expires_at > now()`
        }`);
      return row ? { data: Buffer.from(row.photo), type: row.photo_type } : undefined;
    },

    /** Messages per scan, for the owner's history. */
    async countsOfScans(scanIds: string[]): Promise<Map<string, number>> {
      if (!scanIds.length) return new Map();
      const counts = await rows<{ scan_id: string; count: number }>(sql`
        select c.scan_id, count(m.id)::int as count from conversations c
        join messages m on m.conversation_id = c.id
        where c.scan_id = any(${`{${scanIds.join(',')}}`}::text[])
        group by c.scan_id`);
      return new Map(counts.map((row) => [row.scan_id, row.count]));
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
