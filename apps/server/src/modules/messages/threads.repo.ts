import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { messages, threads } from '../../db/schema/index';

/** Each pair of users has one thread, stored with user1_id < user2_id. */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

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
  ) {
    const [message] = await exec
      .insert(messages)
      .values({
        threadId: input.threadId,
        userId: input.userId,
        text: input.text,
        type: input.type ?? 'text',
        projectId: input.projectId ?? null,
      })
      .returning();
    await exec
      .update(threads)
      .set({
        lastMessage: input.text.slice(0, 300),
        lastMessageAt: message.createdAt,
        user1ReadAt: sql`case when ${threads.user1Id} = ${input.userId} then ${message.createdAt.toISOString()}::timestamptz else ${threads.user1ReadAt} end`,
        user2ReadAt: sql`case when ${threads.user2Id} = ${input.userId} then ${message.createdAt.toISOString()}::timestamptz else ${threads.user2ReadAt} end`,
      })
      .where(eq(threads.id, input.threadId));
    return message;
  },
};
