import { api } from '../../../lib/api-client';

/** POST /tasks/{id}/files/{fileId}/link: a download address for this file, valid 60 s (DESIGN §9). */
export const fileLink = (taskId: string, fileId: string) =>
  api.post('/tasks/:id/files/:fileId/link', { params: { id: taskId, fileId } });

/**
 * Downloads a task file through a short-lived link, so the session token never goes into an
 * address. The answer is an attachment: following the link saves the file and leaves the page.
 */
export async function openDownload(taskId: string, fileId: string): Promise<void> {
  const { url } = await fileLink(taskId, fileId);
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}
