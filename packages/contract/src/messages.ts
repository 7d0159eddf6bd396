import { z } from 'zod';
import { MSG, idSchema, isoDate, text } from './common';

/** Shapes of the messages domain (spec §3 Thread/Message, §7 threads and messages calls). */
export const MESSAGE_TEXT_MAX = 5000;
/** Messages per page of GET /threads/{id}/messages (newest page first, each page oldest first). */
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_PAGE_MAX = 100;
/** GET /threads answers the most recent conversations, at most this many. */
export const THREADS_LIST_MAX = 200;
export const MESSAGE_TYPES = ['text', 'PROJECT_INVITE'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** The text the developer profile's Send Message dialog starts with (spec §2). */
export const SEND_MESSAGE_DEFAULT_TEXT = "Hi, I'm interested in your services.";

export const MESSAGE_MSG = {
  tooLong: `Message must be at most ${MESSAGE_TEXT_MAX} characters`,
  self: 'You cannot send a message to yourself',
  noRecipient: 'This user does not exist',
  wrongThread: 'This conversation is not with that user',
} as const;

/** The message text: required, trimmed, at most MESSAGE_TEXT_MAX characters. */
export const messageTextSchema = text({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(MESSAGE_TEXT_MAX, MESSAGE_MSG.tooLong);

export const messageSchema = z.object({
  id: z.string(),
  threadID: z.string(),
  /** The author; always the signed-in user for messages they send. */
  userID: z.string(),
  text: z.string(),
  type: messageTypeSchema,
  projectID: z.string().nullable(),
  /** For PROJECT_INVITE messages: where the invite is accepted (`/project/{handle}?invited={id}`). */
  projectHandle: z.string().nullable(),
  projectName: z.string().nullable(),
  createdAt: isoDate,
});
export type Message = z.infer<typeof messageSchema>;

/** The other participant, as the thread list and the profile panel show them. */
export const threadUserSchema = z.object({
  id: z.string(),
  type: z.enum(['Client', 'Developer']),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  about: z.string().nullable(),
  imageURL: z.string().nullable(),
  verified: z.boolean(),
});
export type ThreadUser = z.infer<typeof threadUserSchema>;

export const threadSchema = z.object({
  id: z.string(),
  user1ID: z.string(),
  user2ID: z.string(),
  user1Name: z.string(),
  user2Name: z.string(),
  user1Image: z.string().nullable(),
  user2Image: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: isoDate.nullable(),
  /** Messages from the other user the signed-in user has not read yet. */
  unread: z.number().int(),
  otherUser: threadUserSchema,
  createdAt: isoDate,
});
export type Thread = z.infer<typeof threadSchema>;

/** POST /messages: first contact creates the thread (spec §3 message request). */
export const sendMessageBody = z.object({
  to: idSchema,
  text: messageTextSchema,
  threadID: idSchema.nullish(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** POST /threads/{id}/messages. */
export const postThreadMessageBody = z.object({ text: messageTextSchema });
export type PostThreadMessageBody = z.input<typeof postThreadMessageBody>;

/** GET /threads/{id}/messages: `before` is the id of the oldest message already shown. */
export const messagesQuery = z.object({
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_SIZE),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

export const unreadCountSchema = z.object({ count: z.number().int() });
