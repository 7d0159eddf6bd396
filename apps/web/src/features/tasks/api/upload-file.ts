import type { TaskFile } from '@devmarket/contract';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/cookie';

/**
 * POST /tasks/{id}/upload, one file per call (spec §7). XMLHttpRequest rather than fetch, for
 * its upload progress events.
 */
export function uploadFile(taskId: string, file: File, onProgress: (fraction: number) => void): Promise<TaskFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/tasks/${taskId}/upload`);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* keep the text */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as TaskFile);
      } else {
        const b = data as { msg?: string; error?: string } | undefined;
        reject(new ApiError(xhr.status, data, b?.msg ?? b?.error ?? `Upload failed (${xhr.status})`));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, 'Network error'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
