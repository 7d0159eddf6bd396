import type { Endpoints } from '@devmarket/contract/endpoints';
import { API_BASE, ApiError, fillPath } from './api-client';

/** The routes of the contract's endpoint table that take a multipart form. */
type UploadPath = {
  [K in keyof Endpoints]: K extends `POST ${infer P}`
    ? [Endpoints[K]['body']] extends [never]
      ? never
      : Endpoints[K]['body'] extends FormData
        ? P
        : never
    : never;
}[keyof Endpoints];
type Upload<P extends UploadPath> = Endpoints[`POST ${P}`];
type UploadOptions<P extends UploadPath> = { body: FormData } & ([keyof Upload<P>['params']] extends [never]
  ? { params?: never }
  : { params: Upload<P>['params'] });

/**
 * POSTs a multipart form with upload progress (`onProgress` gets 0…1): XMLHttpRequest, as fetch
 * cannot report it. Same session cookie and error shape as `request` in api-client.ts; path, params and
 * answer are typed from the contract's endpoint table, as `api.post` is.
 */
export function uploadWithProgress<P extends UploadPath>(
  path: P,
  { params, body }: UploadOptions<P>,
  onProgress: (fraction: number) => void,
): Promise<Upload<P>['answer']> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${fillPath(path, params)}`);
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
        resolve(data as Upload<P>['answer']);
      } else {
        const b = data as { msg?: string; error?: string } | undefined;
        reject(new ApiError(xhr.status, data, b?.msg ?? b?.error ?? `Upload failed (${xhr.status})`));
      }
    };
    xhr.send(body);
  });
}
