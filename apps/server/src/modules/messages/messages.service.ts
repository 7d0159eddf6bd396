import { type Message, MESSAGE_MSG, REALTIME_EVENTS, type Thread, THREADS_LIST_MAX } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { messages, threads } from '../../db/schema/index';
import { invalid, notFound } from '../../lib/errors';
import { isVerified } from '../users';
import { scheduleMessageDigest } from '../notifications';
import { publishAfterCommit } from '../realtime';
import { imageUrl } from '../users';
import { usersRepo } from '../users';
import { type MessageRow, type ThreadParticipants, type ThreadRow, threadsQueries, threadsRepo } from './threads.repo';

type Participant = ThreadRow['user1'];
const fullName = (u: Participant) => `${u.firstName} ${u.lastName}`.trim();

export function toThread(row: ThreadRow, me: string): Thread {
  const { thread, user1, user2 } = row;
  const other = user1.id === me ? user2 : user1;
  return {
    id: thread.id,
    user1ID: thread.user1Id,
    user2ID: thread.user2Id,
    user1Name: fullName(user1),
    user2Name: fullName(user2),
    user1Image: imageUrl(user1.image),
    user2Image: imageUrl(user2.image),
    lastMessage: thread.lastMessage,
    lastMessageAt: thread.lastMessageAt?.toISOString() ?? null,
    unread: row.unread,
    otherUser: {
      id: other.id,
      type: other.type,
      firstName: other.firstName,
      lastName: other.lastName,
      username: other.username,
      title: other.title,
      location: other.location,
      about: other.about,
      imageURL: imageUrl(other.image),
      verified: isVerified(other),
    },
    createdAt: thread.createdAt.toISOString(),
  };
}

export function toMessage(m: MessageRow): Message {
  return {
    id: m.id,
    threadID: m.threadId,
    userID: m.userId,
    text: m.text,
    type: m.type,
    projectID: m.projectId,
    projectHandle: m.projectHandle,
    projectName: m.projectName,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The API shape of a freshly stored message (adds the project's handle and name). */
export async function messageDto(exec: Executor, m: typeof messages.$inferSelect): Promise<Message> {
  return toMessage({ ...m, ...(await threadsQueries.projectLabel(exec, m.projectId)) });
}

/**
 * Tells both participants' open browsers about a new message. Call after the commit; a failed
 * NOTIFY is logged, never turned into a failed send (the message is stored, a reload shows it).
 * The invites code uses it for PROJECT_INVITE messages too.
 */
export async function publishMessage(
  ctx: AppContext,
  thread: Pick<typeof threads.$inferSelect, 'user1Id' | 'user2Id'>,
  message: Message,
): Promise<void> {
  await publishAfterCommit(ctx, {
    type: REALTIME_EVENTS.message,
    userIds: [thread.user1Id, thread.user2Id],
    data: { threadID: message.threadID, message },
  });
}

export async function listThreads(ctx: AppContext, me: string): Promise<Thread[]> {
  const rows = await threadsQueries.list(ctx.db, me, THREADS_LIST_MAX);
  return rows.map((r) => toThread(r, me));
}

/** Outsiders get 404: a thread they are not part of does not exist for them. */
export async function getThread(ctx: AppContext, me: string, threadId: string): Promise<Thread> {
  const row = await threadsQueries.findForUser(ctx.db, me, threadId);
  if (!row) throw notFound('Conversation not found');
  return toThread(row, me);
}

export async function listMessages(
  ctx: AppContext,
  me: string,
  threadId: string,
  query: { before?: string; limit: number },
): Promise<Message[]> {
  const thread = await threadsQueries.findParticipants(ctx.db, me, threadId);
  if (!thread) throw notFound('Conversation not found');
  return threadsQueries.messagesPage(ctx.db, threadId, { before: query.before, limit: query.limit });
}

/** POST /threads/{id}/messages: only a participant posts, always as themself. */
export async function postToThread(ctx: AppContext, me: string, threadId: string, text: string): Promise<Message> {
  const { thread, message } = await ctx.db.transaction(async (tx) => {
    const thread = await threadsQueries.findParticipants(tx, me, threadId);
    if (!thread) throw notFound('Conversation not found');
    const stored = await threadsRepo.addMessage(tx, { threadId, userId: me, text });
    await scheduleMessageDigest(tx, thread.user1Id === me ? thread.user2Id : thread.user1Id, stored.createdAt);
    return { thread, message: await messageDto(tx, stored) };
  });
  await publishMessage(ctx, thread, message);
  return message;
}

/** POST /messages: first contact creates the thread; a given threadID must be the pair's thread. */
export async function sendMessage(
  ctx: AppContext,
  me: string,
  body: { to: string; text: string; threadID?: string | null },
): Promise<Message> {
  const recipientId = await usersRepo.existingId(ctx.db, body.to.toLowerCase());
  if (!recipientId) throw invalid({ to: MESSAGE_MSG.noRecipient });
  // The stored id (lower case) orders the pair the way the database does.
  if (recipientId === me) throw invalid({ to: MESSAGE_MSG.self });
  const { thread, message } = await ctx.db.transaction(async (tx) => {
    let thread: ThreadParticipants | undefined;
    if (body.threadID) {
      thread = await threadsQueries.findParticipants(tx, me, body.threadID);
      if (!thread) throw notFound('Conversation not found');
      const other = thread.user1Id === me ? thread.user2Id : thread.user1Id;
      if (other !== recipientId) throw invalid({ threadID: MESSAGE_MSG.wrongThread });
    } else {
      thread = await threadsRepo.findOrCreate(tx, me, recipientId);
    }
    const stored = await threadsRepo.addMessage(tx, { threadId: thread.id, userId: me, text: body.text });
    await scheduleMessageDigest(tx, recipientId, stored.createdAt);
    return { thread, message: await messageDto(tx, stored) };
  });
  await publishMessage(ctx, thread, message);
  return message;
}

export async function markRead(ctx: AppContext, me: string, threadId: string): Promise<void> {
  const ok = await threadsQueries.markRead(ctx.db, me, threadId);
  if (!ok) throw notFound('Conversation not found');
  // The user's other tabs update their unread markers.
  await publishAfterCommit(ctx, { type: REALTIME_EVENTS.threadRead, userIds: [me], data: { threadID: threadId } });
}

export async function unreadCount(ctx: AppContext, me: string): Promise<number> {
  return threadsQueries.unreadCount(ctx.db, me);
}

/** Staff reading a dispute (DESIGN §8): the latest messages between its two parties, oldest first. */
export async function messagesBetween(ctx: AppContext, userA: string, userB: string, limit = 100): Promise<Message[]> {
  const threadId = await threadsQueries.idOfPair(ctx.db, userA, userB);
  return threadId ? threadsQueries.messagesPage(ctx.db, threadId, { limit }) : [];
}
