import type { Me } from '@devmarket/contract';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /user/image with upload progress in percent. */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<Me> {
  const body = new FormData();
  body.append('image', file);
  return uploadWithProgress('/user/image', { body }, (fraction) => onProgress(Math.round(fraction * 100)));
}
