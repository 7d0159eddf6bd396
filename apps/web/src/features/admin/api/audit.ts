import type { AuditAction } from '@devmarket/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const PAGE = 50;

/** GET /admin/audit, newest first, paged back with `before` (the last id of the page before). */
export const auditQueryOptions = (filters: { action?: AuditAction; actorId?: string }) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filters.action ?? null, filters.actorId ?? null),
    queryFn: ({ pageParam }) =>
      api.get('/admin/audit', {
        query: { limit: PAGE, before: pageParam, action: filters.action, actorId: filters.actorId },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1].id : undefined),
  });

export const useAuditLog = (filters: { action?: AuditAction; actorId?: string }) =>
  useInfiniteQuery(auditQueryOptions(filters));
