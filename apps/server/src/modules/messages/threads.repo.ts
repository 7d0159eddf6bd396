import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message } from '@devmarket/contract';
import type { Executor } from '../../db/client';
import { statement, statementRows } from '../../db/raw';
import { queryRows } from '../../db/rows';
import { messages, projects, threads, users } from '../../db/schema/index';

/** Each pair of users has one thread, stored with user1_id < user2_id. */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/** A message row as stored (the thread's read marks compare with its created_at). */
export type StoredMessage = typeof messages.$inferSelect;

// The writes of every sent message (issue 33), prepared by name like the reads (db/raw.ts).
export const INSERT_MESSAGE = statement(
  'thread_message_insert',
  `insert into messages (thread_id, user_id, text, type, project_id) values ($1, $2, $3, $4, $5)
          returning id, thread_id as "threadId", user_id as "userId", text, type, project_id as "projectId",
            created_at::text as "createdAt"`,
);
// The stored timestamp has microseconds, a JS Date only milliseconds: copy it in SQL so the
// sender's read mark is never just before their own message.
export const MOVE_LAST_MESSAGE = statement(
  'thread_last_message',
  `update threads set last_message = $2,
            last_message_at = (select m.created_at from messages m where m.id = $3),
            user1_read_at = case when user1_id = $4 then (select m.created_at from messages m where m.id = $3)
              else user1_read_at end,
            user2_read_at = case when user2_id = $4 then (select m.created_at from messages m where m.id = $3)
              else user2_read_at end
          where id = $1`,
);

export const threadsRepo = {
  /** Finds or creates the thread between two users (safe under concurrent first contact). */
  async findOrCreate(exec: Executor, userA: string, userB: string) {
    const [user1Id, user2Id] = orderedPair(userA, userB);
    await exec.insert(threads).values({ user1Id, user2Id }).onConflictDoNothing();
    const [thread] = await exec
      .select()
      .from(threads)
      .where(and(eq(threads.user1Id, user1Id), eq(threads.user2Id, user2Id)));
    return thread;
  },

  /** Appends a message and moves the thread's last-message summary; the sender has read it. */
  async addMessage(
    exec: Executor,
    input: {
      threadId: string;
      userId: string;
      text: string;
      type?: 'text' | 'PROJECT_INVITE';
      projectId?: string | null;
    },
  ): Promise<StoredMessage> {
    const [row] = await statementRows<Omit<StoredMessage, 'createdAt'> & { createdAt: string }>(exec, INSERT_MESSAGE, [
      input.threadId,
      input.userId,
      input.text,
      input.type ?? 'text',
      input.projectId ?? null,
    ]);
    await statementRows(exec, MOVE_LAST_MESSAGE, [input.threadId, input.text.slice(0, 300), row.id, input.userId]);
    // As drizzle maps a timestamptz: its text parsed by Date.
    return { ...row, createdAt: new Date(row.createdAt) };
  },
};

const u1 = alias(users, 'u1');
const u2 = alias(users, 'u2');

/** The columns of a participant the thread list and the profile panel need (no secrets). */
const participantColumns = (u: typeof u1 | typeof u2) => ({
  id: u.id,
  type: u.type,
  firstName: u.firstName,
  lastName: u.lastName,
  username: u.username,
  title: u.title,
  location: u.location,
  about: u.about,
  image: u.image,
  emailVerifiedAt: u.emailVerifiedAt,
  reviewStatus: u.reviewStatus,
  isStaff: u.isStaff,
});

/** `me`'s read mark of the thread. */
const myReadAt = (me: string) =>
  sql`case when ${threads.user1Id} = ${me} then ${threads.user1ReadAt} else ${threads.user2ReadAt} end`;

/** Who takes part in a thread: what the message paths need to check and notify. */
export type ThreadParticipants = { id: string; user1Id: string; user2Id: string };

export type ThreadRow = Awaited<ReturnType<typeof threadRowsFor>>[number];
export type MessageRow = typeof messages.$inferSelect & { projectHandle: string | null; projectName: string | null };

/** Threads of `me` with both participants and the number of messages `me` has not read. */
function threadRowsFor(exec: Executor, me: string, where: SQL | undefined, limit: number) {
  return exec
    .select({
      thread: threads,
      user1: participantColumns(u1),
      user2: participantColumns(u2),
      unread: sql<number>`(
        select count(*) from ${messages} m
        where m.thread_id = ${threads.id} and m.user_id <> ${me}
          and m.created_at > coalesce(${myReadAt(me)}, '-infinity'::timestamptz)
      )`.mapWith(Number),
    })
    .from(threads)
    .innerJoin(u1, eq(u1.id, threads.user1Id))
    .innerJoin(u2, eq(u2.id, threads.user2Id))
    .where(and(or(eq(threads.user1Id, me), eq(threads.user2Id, me)), where))
    .orderBy(sql`${threads.lastMessageAt} desc nulls last`, desc(threads.id))
    .limit(limit);
}

/** Every read and post of a thread checks this first: prepared by name (db/raw.ts). */
const PARTICIPANTS = statement(
  'thread_participants',
  `select id, user1_id as "user1Id", user2_id as "user2Id" from threads
          where id = $1 and (user1_id = $2 or user2_id = $2)`,
);
const messagesPageText = (
  cursor: string,
) => `select m.id, m.thread_id as "threadID", m.user_id as "userID", m.text, m.type,
            m.project_id as "projectID", p.handle as "projectHandle", p.name as "projectName",
            to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
          from messages m left join projects p on p.id = m.project_id
          where m.thread_id = $1 ${cursor}
          order by m.created_at desc, m.id desc
          limit $2`;
const MESSAGES_NEWEST = statement('thread_messages_newest', messagesPageText(''));
const MESSAGES_BEFORE = statement(
  'thread_messages_before',
  messagesPageText(
    'and (m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = $3 and b.thread_id = $1)',
  ),
);

export const threadsQueries = {
  /** The most recent threads of `me`, newest conversation first. */
  list(exec: Executor, me: string, limit: number) {
    return threadRowsFor(exec, me, undefined, limit);
  },

  /** One thread, only if `me` takes part in it. */
  async findForUser(exec: Executor, me: string, threadId: string): Promise<ThreadRow | undefined> {
    const [row] = await threadRowsFor(exec, me, eq(threads.id, threadId), 1);
    return row;
  },

  /** The thread's participants if `me` takes part in it (every read and post checks this first). */
  async findParticipants(exec: Executor, me: string, threadId: string): Promise<ThreadParticipants | undefined> {
    const [row] = await statementRows<ThreadParticipants>(exec, PARTICIPANTS, [threadId, me]);
    return row;
  },

  /** Conversations with a message `me` has not read. */
  async unreadCount(exec: Executor, me: string): Promise<number> {
    const [row] = await exec
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(threads)
      .where(
        and(
          or(eq(threads.user1Id, me), eq(threads.user2Id, me)),
          sql`${threads.lastMessageAt} > coalesce(${myReadAt(me)}, '-infinity'::timestamptz)`,
        ),
      );
    return row?.count ?? 0;
  },

  /** Marks everything up to the thread's last message as read by `me`; false if not a participant. */
  async markRead(exec: Executor, me: string, threadId: string): Promise<boolean> {
    const rows = await exec
      .update(threads)
      .set({
        user1ReadAt: sql`case when ${threads.user1Id} = ${me} then ${threads.lastMessageAt} else ${threads.user1ReadAt} end`,
        user2ReadAt: sql`case when ${threads.user2Id} = ${me} then ${threads.lastMessageAt} else ${threads.user2ReadAt} end`,
      })
      .where(and(eq(threads.id, threadId), or(eq(threads.user1Id, me), eq(threads.user2Id, me))))
      .returning({ id: threads.id });
    return rows.length > 0;
  },

  /**
   * A page of a thread's messages, oldest first: the `limit` newest ones, or the `limit` just
   * before the message `before` (keyset on created_at, id).
   */
  async messagesPage(exec: Executor, threadId: string, opts: { before?: string; limit: number }): Promise<Message[]> {
    // Rows come out in the API's shape (a hot path: no per-row mapping; docs/performance.md), from
    // one of two statements prepared by name.
    const rows = opts.before
      ? await statementRows<Message>(exec, MESSAGES_BEFORE, [threadId, opts.limit, opts.before])
      : await statementRows<Message>(exec, MESSAGES_NEWEST, [threadId, opts.limit]);
    return rows.reverse();
  },

  /** The thread between two users, if they ever wrote to each other. */
  async idOfPair(exec: Executor, userA: string, userB: string): Promise<string | null> {
    const [user1Id, user2Id] = orderedPair(userA, userB);
    const [row] = await queryRows<{ id: string }>(
      exec,
      sql`select id from threads where user1_id = ${user1Id} and user2_id = ${user2Id}`,
    );
    return row?.id ?? null;
  },

  /** The handle and name of a message's project (PROJECT_INVITE). */
  async projectLabel(exec: Executor, projectId: string | null) {
    if (!projectId) return { projectHandle: null, projectName: null };
    const [p] = await exec
      .select({ projectHandle: projects.handle, projectName: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId));
    return p ?? { projectHandle: null, projectName: null };
  },
};
