import { API_BASE } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/cookie';

/** GET /tasks/{id}/files/{fileId}/download with the token in the address, opened in a new window (spec §7). */
export function downloadUrl(taskId: string, fileId: string): string {
  const token = getAccessToken() ?? '';
  return `${API_BASE}/tasks/${taskId}/files/${fileId}/download?token=${encodeURIComponent(token)}`;
}

export const openDownload = (taskId: string, fileId: string) => {
  window.open(downloadUrl(taskId, fileId), '_blank', 'noopener');
};
