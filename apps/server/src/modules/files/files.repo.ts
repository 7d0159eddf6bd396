import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema/index';

export type FileRow = typeof files.$inferSelect;

/** Task files: the rows; the bytes are in storage (storage.ts). */
export const filesRepo = {
  async insert(exec: Executor, values: typeof files.$inferInsert): Promise<FileRow> {
    const [row] = await exec.insert(files).values(values).returning();
    return row;
  },

  /** A file of this task, or undefined (a file id under another task is not found). */
  async findInTask(exec: Executor, taskId: string, fileId: string): Promise<FileRow | undefined> {
    const [row] = await exec
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.taskId, taskId)));
    return row;
  },

  async delete(exec: Executor, id: string) {
    await exec.delete(files).where(eq(files.id, id));
  },
};
