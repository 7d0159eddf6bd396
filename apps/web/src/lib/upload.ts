import { API_BASE, ApiError } from './api-client';
import { getAccessToken } from './cookie';

/**
 * POSTs a multipart form with upload progress (`onProgress` gets 0…1): XMLHttpRequest, as fetch
 * cannot report it. Same token and error shape as `request` in api-client.ts.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, 'Network error'));
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* keep the text */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as T);
      } else {
        const b = data as { msg?: string; error?: string } | undefined;
        reject(new ApiError(xhr.status, data, b?.msg ?? b?.error ?? `Upload failed (${xhr.status})`));
      }
    };
    xhr.send(form);
  });
}
