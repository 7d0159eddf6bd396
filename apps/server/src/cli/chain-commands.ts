import { startDevChain } from '../modules/payments';
import type { CliCommand } from './types';

/** DESIGN §12: a local chain to try real deposits and payouts on one machine. */
export const chainCommands: Record<string, CliCommand> = {
  'chain-dev': {
    description: 'Start a local EVM chain (ganache) with test USDT and an ETH/USD feed; print the server env',
    options: { port: { type: 'string' } },
    noDatabase: true,
    async run({ args }) {
      const port = typeof args.port === 'string' ? Number(args.port) : 8545;
      const chain = await startDevChain({ port });
      const env = { ...chain.env, ETH_CONFIRMATIONS: '3', ETH_POLL_MS: '1000' };
      console.log(`Local chain (id 1337) at ${chain.rpcUrl}
  test USDT (6 decimals)  ${chain.usdt}
  ETH/USD feed (3000 USD) ${chain.feed}
  hot wallet              ${chain.hot} (1000 ETH, 1,000,000 USDT)
  funder account          ${chain.funder} (1000 ETH, 1,000,000 USDT; its key is ganache's first deterministic key)

Run the server against it, in another terminal:

${Object.entries(env)
  .map(([k, v]) => `  export ${k}=${v}`)
  .join('\n')}
  npm start

Send USDT to a deposit address with any wallet on this RPC, or mine blocks:
  curl -s -X POST ${chain.rpcUrl} -H 'content-type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"evm_mine","params":[]}'

Press Ctrl+C to stop the chain (its state is in memory only).`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await chain.close();
    },
  },
};
