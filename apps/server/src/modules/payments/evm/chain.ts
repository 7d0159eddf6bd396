import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  parseAbi,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { EvmConfig } from '../../../config';

export const erc20Abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
]);

export const aggregatorAbi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** USDT has 6 decimals, as micro-USDT: one token unit is one micro. */
const WEI_PER_ETH = 10n ** 18n;
const MICROS_PER_USD = 10n ** 6n;

export type EthPrice = { answer: bigint; decimals: number };

/** wei → micro-USDT at the feed's price, rounded down (the user is never credited more than sent). */
export function weiToMicros(wei: bigint, price: EthPrice): bigint {
  return (wei * price.answer * MICROS_PER_USD) / (WEI_PER_ETH * 10n ** BigInt(price.decimals));
}

/** micro-USDT → wei at the feed's price, rounded down. */
export function microsToWei(micros: bigint, price: EthPrice): bigint {
  return (micros * WEI_PER_ETH * 10n ** BigInt(price.decimals)) / (price.answer * MICROS_PER_USD);
}

export type ChainClients = {
  config: EvmConfig;
  chainId: number;
  publicClient: PublicClient;
  wallet: WalletClient;
  hot: PrivateKeyAccount;
  chain: Chain;
};

const clients = new Map<string, Promise<ChainClients>>();

/** viem clients for the configured RPC (one per configuration; the chain id is asked once). */
export function chainClients(config: EvmConfig): Promise<ChainClients> {
  const key = `${config.rpcUrl}|${config.hotWalletKey}`;
  let c = clients.get(key);
  if (!c) {
    c = (async () => {
      const probe = createPublicClient({ transport: http(config.rpcUrl) });
      const chainId = await probe.getChainId();
      const chain = defineChain({
        id: chainId,
        name: `chain ${chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [config.rpcUrl] } },
      });
      const transport = http(config.rpcUrl, { retryCount: 1 });
      const hot = privateKeyToAccount(config.hotWalletKey);
      return {
        config,
        chainId,
        chain,
        hot,
        // No block-number cache: the watcher asks for the head once per pass and must see it move.
        publicClient: createPublicClient({ chain, transport, cacheTime: 0 }) as PublicClient,
        wallet: createWalletClient({ chain, transport, account: hot }),
      };
    })();
    c.catch(() => clients.delete(key));
    clients.set(key, c);
  }
  return c;
}

/**
 * The feed's answer, at a given block or the latest; a non-positive answer is refused rather than used.
 */
export async function readEthPrice(c: ChainClients, blockNumber?: bigint): Promise<EthPrice> {
  const at = { address: c.config.ethUsdFeed, abi: aggregatorAbi, blockNumber } as const;
  const [decimals, round] = await Promise.all([
    c.publicClient.readContract({ ...at, functionName: 'decimals' }),
    c.publicClient.readContract({ ...at, functionName: 'latestRoundData' }),
  ]);
  const answer = round[1];
  if (answer <= 0n) throw new Error('the ETH/USD feed answered a non-positive price');
  return { answer, decimals };
}

export async function hotWalletBalances(c: ChainClients): Promise<{ address: string; eth: bigint; usdt: bigint }> {
  const [eth, usdt] = await Promise.all([
    c.publicClient.getBalance({ address: c.hot.address }),
    c.publicClient.readContract({
      address: c.config.usdtAddress,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [c.hot.address],
    }),
  ]);
  return { address: c.hot.address, eth, usdt };
}
