import { api } from '../../../lib/api-client';

/** DELETE /tasks/{id}/files/{fileId} */
export const deleteFile = (taskId: string, fileId: string) =>
  api.delete('/tasks/:id/files/:fileId', { params: { id: taskId, fileId } });
