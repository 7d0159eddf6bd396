import type { UpdatePasswordBody } from '@devmarket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setAccessToken } from '../../../lib/cookie';

export const updatePassword = (body: UpdatePasswordBody) => api.post('/user/update-password', { body });

/** The server ends every session; this browser keeps going with the fresh token it answers. */
export const useUpdatePassword = () =>
  useMutation({ mutationFn: updatePassword, onSuccess: ({ accessToken }) => setAccessToken(accessToken) });
