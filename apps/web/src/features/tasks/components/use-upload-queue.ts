import type { TaskFile } from '@devmarket/contract';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { uploadFile } from '../api/upload-file';
import { type QueuedFile, queueFiles } from './upload-queue';

/** A local queue of files uploaded one by one (spec §4: create mode queues, then uploads after the task exists). */
export function useUploadQueue() {
  const [items, setItems] = useState<QueuedFile[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const patch = useCallback(
    (key: string, p: Partial<QueuedFile>) => setItems((list) => list.map((q) => (q.key === key ? { ...q, ...p } : q))),
    [],
  );

  const add = useCallback((files: File[]) => setItems((list) => [...list, ...queueFiles(files)]), []);
  const remove = useCallback((key: string) => setItems((list) => list.filter((q) => q.key !== key)), []);

  /** Uploads every queued file to the task, one after the other; resolves with what succeeded. */
  const uploadAll = useCallback(
    async (taskId: string, queued?: QueuedFile[]) => {
      const done: TaskFile[] = [];
      for (const q of queued ?? itemsRef.current.filter((x) => x.status === 'queued')) {
        patch(q.key, { status: 'uploading', progress: 0 });
        try {
          done.push(await uploadFile(taskId, q.file, (progress) => patch(q.key, { progress })));
          patch(q.key, { status: 'done', progress: 1 });
        } catch (err) {
          const message = err instanceof ApiError ? (err.fieldErrors.file ?? err.message) : 'Upload failed';
          patch(q.key, { status: 'failed', error: message });
        }
      }
      return done;
    },
    [patch],
  );

  const clearDone = useCallback(() => setItems((list) => list.filter((q) => q.status !== 'done')), []);

  return { items, add, remove, uploadAll, clearDone, setItems };
}
