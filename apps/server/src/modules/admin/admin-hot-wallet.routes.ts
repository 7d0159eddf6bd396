import { hotWalletSchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { getHotWallet } from '../payments';

/** Staff: the chain hot wallet (DESIGN §12). */
export const adminHotWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/hot-wallet',
    {
      schema: {
        tags: ['admin'],
        summary: 'Hot wallet balances (ETH, USDT) and payouts waiting for funds',
        response: { 200: hotWalletSchema },
      },
      config: { auth: 'staff' },
    },
    async () => getHotWallet(app.ctx),
  );
};
