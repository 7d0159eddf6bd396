import type { Me } from '@devmarket/contract';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/cookie';

/** POST /user/image with upload progress (fetch cannot report it, so XMLHttpRequest). */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<Me> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/user/image`);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, 'Network error'));
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* keep the text */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as Me);
      else {
        const b = data as { msg?: string; error?: string } | undefined;
        reject(new ApiError(xhr.status, data, b?.msg ?? b?.error ?? `Request failed (${xhr.status})`));
      }
    };
    const body = new FormData();
    body.append('image', file);
    xhr.send(body);
  });
}
