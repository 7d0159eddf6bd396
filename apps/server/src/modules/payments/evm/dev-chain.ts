import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HDKey } from '@scure/bip32';
import {
  type Abi,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  hexToBytes,
  keccak256,
  parseAbi,
  parseEther,
  stringToBytes,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** The Solidity sources of the test contracts (apps/server/contracts). */
export const contractsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../contracts');

const testUsdtAbi = parseAbi([
  'function mint(address to, uint256 value)',
  'function setFlagged(address who, bool value)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);
const aggregatorAbi = parseAbi(['function setAnswer(int256 value)']);

/** Compiles the test contracts from source with solc (the npm package); ~0.5 s. */
export async function compileContracts(): Promise<Record<string, { abi: Abi; bytecode: Hex }>> {
  const { default: solc } = await import('solc');
  const names = ['TestUSDT', 'TestAggregator'];
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      names.map((n) => [`${n}.sol`, { content: readFileSync(path.join(contractsDir, `${n}.sol`), 'utf8') }]),
    ),
    settings: { evmVersion: 'shanghai', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  return Object.fromEntries(
    names.map((n) => {
      const c = out.contracts[`${n}.sol`][n];
      return [n, { abi: c.abi as Abi, bytecode: `0x${c.evm.bytecode.object}` as Hex }];
    }),
  );
}

export type DevChain = Awaited<ReturnType<typeof startDevChain>>;

/**
 * A local EVM chain (ganache, in this process) with a test USDT (6 decimals) and an ETH/USD
 * aggregator, a funded hot wallet, and a watch-only deposit xpub; `env` is what the server needs
 * to run against it. Blocks are mined on each transaction and on demand (`mine`).
 */
export async function startDevChain(opts: { port?: number; ethUsd?: bigint; seed?: string } = {}) {
  const { default: ganache } = await import('ganache');
  const contracts = await compileContracts();
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 1337 },
    wallet: { deterministic: true, totalAccounts: 4, defaultBalance: 1000 },
  });
  await server.listen(opts.port ?? 0, '127.0.0.1');
  const address = server.address() as { port: number } | string;
  const port = typeof address === 'string' ? opts.port : address.port;
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = defineChain({
    id: 1337,
    name: 'dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const keys = Object.values(server.provider.getInitialAccounts() as Record<string, { secretKey: string }>).map(
    (a) => a.secretKey as Hex,
  );
  const funder = privateKeyToAccount(keys[0] as Hex);
  const hotKey = keys[1] as Hex;
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0 });
  const wallet = createWalletClient({ chain, transport, account: funder });
  const test = createTestClient({ chain, transport, mode: 'ganache' });

  const deploy = async (name: string, args: unknown[]) => {
    const c = contracts[name];
    const hash = await wallet.deployContract({ abi: c.abi, bytecode: c.bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return receipt.contractAddress as Hex;
  };
  const usdt = await deploy('TestUSDT', []);
  const feed = await deploy('TestAggregator', [opts.ethUsd ?? 3000_00000000n]);
  const hot = privateKeyToAccount(hotKey);
  await wallet.writeContract({
    address: usdt,
    abi: testUsdtAbi,
    functionName: 'mint',
    args: [hot.address, 1_000_000_000000n],
  });
  await wallet.writeContract({
    address: usdt,
    abi: testUsdtAbi,
    functionName: 'mint',
    args: [funder.address, 1_000_000_000000n],
  });

  // A watch-only account key, as an operator's wallet would export it (m/44'/60'/0').
  const root = HDKey.fromMasterSeed(hexToBytes(keccak256(stringToBytes(opts.seed ?? 'devmarket dev chain'))));
  const depositAccount = root.derive("m/44'/60'/0'");

  /** A test's transaction that reverted must fail the test where it was sent, not later. */
  const wait = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`dev chain transaction ${hash} reverted`);
    return receipt;
  };
  return {
    rpcUrl,
    usdt,
    feed,
    hot: hot.address,
    funder: funder.address,
    publicClient,
    depositAccount,
    env: {
      ETH_RPC_URL: rpcUrl,
      DEPOSIT_XPUB: depositAccount.publicExtendedKey,
      HOT_WALLET_KEY: hotKey,
      USDT_ERC20_ADDRESS: usdt,
      ETH_USD_FEED: feed,
    },
    /** The funder sends USDT (micro units) to an address; returns the receipt. */
    async sendUsdt(to: Hex, micros: bigint) {
      return wait(
        await wallet.writeContract({ address: usdt, abi: testUsdtAbi, functionName: 'transfer', args: [to, micros] }),
      );
    },
    async sendEth(to: Hex, wei: bigint) {
      return wait(await wallet.sendTransaction({ to, value: wei }));
    },
    async usdtBalance(of: Hex) {
      return publicClient.readContract({ address: usdt, abi: testUsdtAbi, functionName: 'balanceOf', args: [of] });
    },
    async flag(who: Hex, value = true) {
      return wait(
        await wallet.writeContract({ address: usdt, abi: testUsdtAbi, functionName: 'setFlagged', args: [who, value] }),
      );
    },
    async setEthUsd(answer: bigint) {
      return wait(
        // A fixed gas limit: setAnswer stores block.timestamp, so an estimate made in the second of
        // the last update (a no-op store) falls short once the block lands in the next second, and
        // the transaction ran out of gas now and then, leaving the old price in place.
        await wallet.writeContract({
          address: feed,
          abi: aggregatorAbi,
          functionName: 'setAnswer',
          args: [answer],
          gas: 100_000n,
        }),
      );
    },
    /** Empties the hot wallet's USDT to the funder (to make payouts wait). */
    async drainHotUsdt(hotWallet = createWalletClient({ chain, transport, account: hot })) {
      const balance = await publicClient.readContract({
        address: usdt,
        abi: testUsdtAbi,
        functionName: 'balanceOf',
        args: [hot.address],
      });
      return wait(
        await hotWallet.writeContract({
          address: usdt,
          abi: testUsdtAbi,
          functionName: 'transfer',
          args: [funder.address, balance],
        }),
      );
    },
    /** Mines empty blocks (ganache's evm_mine takes the count as a number). */
    mine: async (blocks = 1) => {
      await server.provider.request({ method: 'evm_mine', params: [{ blocks }] });
    },
    snapshot: () => test.snapshot(),
    revert: (id: Hex) => test.revert({ id }),
    blockNumber: () => publicClient.getBlockNumber(),
    parseEther,
    close: () => server.close(),
  };
}
