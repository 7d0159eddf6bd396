import type { UpdatePasswordBody } from '@devmarket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const updatePassword = (body: UpdatePasswordBody) => api.post('/user/update-password', { body });

/** The server ends every other session (DESIGN §14); this browser's session goes on. */
export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
