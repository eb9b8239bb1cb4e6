import { z } from 'zod';
import { requiredOrInvalid, strictObject } from '../qr-codes/fields.schema.ts';

/** A message's text, and a photo's size and longest side once re-encoded. */
export const MESSAGE_MAX = 500;
export const MESSAGE_LENGTH_MESSAGE = 'Write a message of at most 500 characters';
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A conversation keeps its scan session open this long after its last message. */
export const CONVERSATION_KEEPS_SESSION_MINUTES = 30;

/** A message's text: trimmed, at most 500 characters (may be empty when a photo comes with it). */
export const messageTextSchema = z
  .string({ error: requiredOrInvalid })
  .trim()
  .max(MESSAGE_MAX, MESSAGE_LENGTH_MESSAGE);

/** The owner's reply: text only. */
export const replyInputSchema = strictObject({
  text: messageTextSchema.min(1, 'Required'),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

export const messageSchema = z.object({
  id: z.string(),
  sender: z.enum(['scanner', 'owner']),
  text: z.string(),
  /** The re-encoded photo (no EXIF), for whoever may read this conversation. */
  photoUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Message = z.infer<typeof messageSchema>;

/** What the scanner's page reads: the messages, and whether the owner still accepts more. */
export const scannerConversationSchema = z.object({
  blocked: z.boolean(),
  messages: z.array(messageSchema),
});
export type ScannerConversation = z.infer<typeof scannerConversationSchema>;

/** A conversation as its owner sees it on the QR's page. */
export const conversationSchema = z.object({
  id: z.string(),
  scanId: z.string(),
  qrId: z.string(),
  blocked: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  lastMessageAt: z.iso.datetime({ offset: true }),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({ items: z.array(conversationSchema) });
