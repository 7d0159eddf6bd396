import { api } from '../../../lib/api-client';

/** DELETE /tasks/{id}/files/{fileId} */
export const deleteFile = (taskId: string, fileId: string) =>
  api.delete<{ ok: true }>(`/tasks/${taskId}/files/${fileId}`);
