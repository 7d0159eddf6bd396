import { errorBodySchema, solvencyProofSchema, solvencySchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { getSolvencyProof } from './solvency.proof';
import { getSolvency, publishSnapshot } from './solvency.service';

/** Proof of liabilities (DESIGN §15): the public root, a user's proof, staff publishing. */
export const solvencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['solvency'];

  app.get(
    '/solvency',
    {
      schema: {
        tags,
        summary:
          'The latest proof-of-liabilities snapshot: Merkle sum root, total owed in USDT, leaf count (404 before the first)',
        response: { 200: solvencySchema, 404: errorBodySchema },
      },
      config: { auth: 'none' },
    },
    async () => getSolvency(app.ctx),
  );

  app.get(
    '/user/solvency-proof',
    {
      schema: {
        tags,
        summary: "The caller's leaf (with its nonce) and path to the latest root (404 when not in it)",
        response: { 200: solvencyProofSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
      config: { auth: 'user' },
    },
    async (req) => getSolvencyProof(app.ctx, currentUser(req).id),
  );

  app.post(
    '/admin/solvency/publish',
    {
      schema: {
        tags: ['admin', ...tags],
        summary: 'Publish a snapshot now; answers what GET /solvency then answers',
        response: { 200: solvencySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
      config: { auth: 'staff' },
    },
    async () => publishSnapshot(app.ctx),
  );
};
