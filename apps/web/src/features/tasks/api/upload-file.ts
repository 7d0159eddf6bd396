import type { TaskFile } from '@devmarket/contract';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /tasks/{id}/upload, one file per call (spec §7), with upload progress (0…1). */
export function uploadFile(taskId: string, file: File, onProgress: (fraction: number) => void): Promise<TaskFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress('/tasks/:id/upload', { params: { id: taskId }, body: form }, onProgress);
}
