import type { Solvency, SolvencyProof } from '@devmarket/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Verification, verifySolvencyProof } from '../lib/verify';
import { solvencyKeys } from './keys';

/** GET /solvency: the latest published snapshot (404 before the first). */
export const solvencyQueryOptions = () =>
  queryOptions({ queryKey: solvencyKeys.latest(), queryFn: () => api.get('/solvency'), staleTime: 60_000 });

export const useSolvency = () => useQuery(solvencyQueryOptions());

export type VerifyResult = { proof: SolvencyProof | null; published: Solvency; verification: Verification };

/**
 * "Verify my balance": the caller's proof and the public root, fetched together (again once if a
 * new snapshot came out between the two), then checked in the browser.
 */
export function useVerifyMyBalance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<VerifyResult> => {
      for (let attempt = 0; ; attempt++) {
        const [proof, published] = await Promise.all([
          api.get('/user/solvency-proof').catch((err: { status?: number }) => {
            if (err?.status === 404) return null;
            throw err;
          }),
          api.get('/solvency'),
        ]);
        qc.setQueryData(solvencyKeys.latest(), published);
        if (proof && proof.publishedAt !== published.publishedAt && attempt === 0) continue;
        if (!proof) return { proof, published, verification: { ok: false, reason: 'not-included' } };
        return { proof, published, verification: await verifySolvencyProof(proof, published) };
      }
    },
  });
}
