import multipart from '@fastify/multipart';
import {
  conversationListSchema,
  messageSchema,
  messageTextSchema,
  PHOTO_MAX_BYTES,
  replyInputSchema,
  scannerConversationSchema,
  type Message,
} from '@carecode/domain/messages/message.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { clientAddressKey, rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import {
  createMessagesRepository,
  type MessageRow,
  type NewMessage,
} from './messages.repository.ts';
import { reencodePhoto } from './photo.ts';

const addressOf = (request: FastifyRequest) => clientAddressKey(request.ip);
const scanIdOf = (request: FastifyRequest) =>
  String((request.params as { scanId?: string }).scanId ?? '');

/** A finder writes a few messages, not a flood: per scan session and per address. */
export const messageRateLimits = {
  session: { name: 'message-session', max: 10, windowSeconds: 600, keyOf: scanIdOf },
  address: { name: 'message-address', max: 30, windowSeconds: 600, keyOf: addressOf },
  read: { name: 'message-read', max: 120, windowSeconds: 60, keyOf: addressOf },
  reply: {
    name: 'message-reply',
    max: 60,
    windowSeconds: 600,
    keyOf: (request: FastifyRequest) => request.user.id,
  },
} as const;

const scanIdParamsSchema = z.strictObject({ scanId: z.string().min(1).max(64) });
const conversationParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
const scannerTextSchema = z.strictObject({ text: messageTextSchema.optional() });

/** A message with neither text nor photo says what is missing. */
const required = () => new AppError('VALIDATION_FAILED', { fields: { text: 'Required' } });

/** The text and optional photo of a scanner's message: a multipart form, or JSON `{text}`. */
async function readScannerMessage(request: FastifyRequest): Promise<NewMessage> {
  if (!request.isMultipart()) {
    const parsed = scannerTextSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.') || 'text', issue.message]),
      );
      throw new AppError('VALIDATION_FAILED', { fields });
    }
    if (!parsed.data.text) throw required();
    return { text: parsed.data.text };
  }
  let text = '';
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') {
          await part.toBuffer();
          throw new AppError('VALIDATION_FAILED', {
            fields: { [part.fieldname]: 'Unknown field' },
          });
        }
        photo = await part.toBuffer();
      } else if (part.fieldname === 'text') {
        text = String(part.value);
      } else {
        throw new AppError('VALIDATION_FAILED', { fields: { [part.fieldname]: 'Unknown field' } });
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PHOTO_TOO_LARGE');
    }
    throw error;
  }
  const checked = messageTextSchema.safeParse(text);
  if (!checked.success) {
    throw new AppError('VALIDATION_FAILED', { fields: { text: checked.error.issues[0].message } });
  }
  if (!checked.data && !photo?.length) throw required();
  return { text: checked.data, photo: photo?.length ? await reencodePhoto(photo) : undefined };
}

/**
 * Anonymous messages between a finder and the owner: the scanner writes from the scan page (text
 * up to 500 characters, an optional photo re-encoded without its metadata), reads the replies
 * while the session lasts; the owner reads every conversation of a code, replies, and can block
 * one.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createMessagesRepository(app.database.db);
  const api = app.config.apiBaseUrl;
  const toMessage = (row: MessageRow, photoBase: string): Message => ({
    id: row.id,
    sender: row.sender,
    text: row.text,
    photoUrl: row.has_photo ? `${photoBase}/${row.id}/photo` : null,
    createdAt: new Date(row.created_at).toISOString(),
  });
  const scannerPhotos = (scanId: string) => `${api}/scans/${encodeURIComponent(scanId)}/messages`;
  const ownerPhotos = (conversationId: string) =>
    `${api}/conversations/${encodeURIComponent(conversationId)}/messages`;
  const sendPhoto = (reply: FastifyReply, photo: { data: Buffer; type: string } | undefined) => {
    if (!photo) throw new AppError('PHOTO_NOT_FOUND');
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .type(photo.type)
      .send(photo.data);
  };

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 8 * 1024 },
    });
    scope.post(
      '/scans/:scanId/messages',
      {
        preHandler: rateLimit([messageRateLimits.session, messageRateLimits.address]),
        bodyLimit: PHOTO_MAX_BYTES + 64 * 1024,
        schema: { params: scanIdParamsSchema, response: { 201: messageSchema } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { scanId } = request.params as { scanId: string };
        const message = await readScannerMessage(request);
        const result = await repository.fromScanner(scanId, message);
        if (result === 'not-found') throw new AppError('SCAN_NOT_FOUND');
        if (result === 'expired') throw new AppError('SCAN_EXPIRED');
        if (result === 'blocked') throw new AppError('CONVERSATION_BLOCKED');
        app.alerts.dispatcher.kick();
        return reply.status(201).send(toMessage(result.message, scannerPhotos(scanId)));
      },
    );
  });

  app.get(
    '/scans/:scanId/messages',
    {
      preHandler: rateLimit(messageRateLimits.read),
      schema: { params: scanIdParamsSchema, response: { 200: scannerConversationSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { scanId } = request.params;
      const conversation = await repository.ofScan(scanId);
      if (!conversation) throw new AppError('SCAN_NOT_FOUND');
      if (conversation === 'expired') throw new AppError('SCAN_EXPIRED');
      return {
        blocked: conversation.blocked,
        messages: conversation.messages.map((row) => toMessage(row, scannerPhotos(scanId))),
      };
    },
  );

  app.get(
    '/scans/:scanId/messages/:messageId/photo',
    {
      preHandler: rateLimit(messageRateLimits.read),
      schema: {
        params: z.strictObject({
          scanId: z.string().min(1).max(64),
          messageId: z.string().min(1).max(64),
        }),
      },
    },
    async (request, reply) =>
      sendPhoto(
        reply,
        await repository.photo(request.params.messageId, { scanId: request.params.scanId }),
      ),
  );

  const owner = { onRequest: app.authenticate };

  app.get(
    '/conversations',
    {
      ...owner,
      schema: {
        querystring: z.object({ qrId: z.string().min(1).max(64).optional() }),
        response: { 200: conversationListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const conversations = await repository.ofOwner(request.user.id, request.query.qrId);
      return {
        items: conversations.map((conversation) => ({
          id: conversation.id,
          scanId: conversation.scan_id,
          qrId: conversation.qr_id,
          blocked: conversation.blocked_at !== null,
          createdAt: new Date(conversation.created_at).toISOString(),
          lastMessageAt: new Date(conversation.last_message_at).toISOString(),
          messages: conversation.messages.map((row) =>
            toMessage(row, ownerPhotos(conversation.id)),
          ),
        })),
      };
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      ...owner,
      preHandler: rateLimit(messageRateLimits.reply),
      schema: {
        params: conversationParamsSchema,
        body: replyInputSchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const stored = await repository.fromOwner(
        request.user.id,
        request.params.id,
        request.body.text,
      );
      if (!stored) throw new AppError('CONVERSATION_NOT_FOUND');
      return reply.status(201).send(toMessage(stored, ownerPhotos(request.params.id)));
    },
  );

  for (const [method, blocked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/conversations/:id/block',
      onRequest: app.authenticate,
      schema: {
        params: conversationParamsSchema,
        response: { 200: z.object({ blocked: z.boolean() }) },
      },
      handler: async (request) => {
        const { id } = request.params as { id: string };
        if (!(await repository.setBlocked(request.user.id, id, blocked))) {
          throw new AppError('CONVERSATION_NOT_FOUND');
        }
        return { blocked };
      },
    });
  }

  app.get(
    '/conversations/:id/messages/:messageId/photo',
    {
      ...owner,
      schema: {
        params: z.strictObject({
          id: z.string().min(1).max(64),
          messageId: z.string().min(1).max(64),
        }),
      },
    },
    async (request, reply) =>
      sendPhoto(
        reply,
        await repository.photo(request.params.messageId, { ownerId: request.user.id }),
      ),
  );
};
