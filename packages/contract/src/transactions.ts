import { z } from 'zod';
import { isValidBtcAddress, isValidEthAddress, usdtNetworkOf } from './addresses';
import { isoDate, MSG, text } from './common';
import { displayMoney } from './constants';
import { amountProblem, canonicalAmount, formatMoney, moneyOutput, parseMoney, tryParseMoney } from './money';

/** Spec §3 Transaction and §9 money constants. */
export const CURRENCIES = ['BTC', 'ETH', 'USDT'] as const;
export const currencySchema = z.enum(CURRENCIES, { error: 'Choose BTC, ETH or USDT' });
export type Currency = z.infer<typeof currencySchema>;

export const TRANSACTION_TYPES = ['Deposit', 'Withdrawal', 'Payment-Out', 'Payment-In'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** 'Cancelled': the owner withdrew a pending withdrawal (DESIGN §13). */
export const TRANSACTION_STATUSES = ['Pending', 'Complete', 'Failed', 'Cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Spec §9: minimum withdrawal 20 USDT; pending window 6 hours (TRANSACTION_PENDING_HOURS). */
export const MIN_WITHDRAWAL = '20';
export const DEFAULT_PENDING_HOURS = 6;
/** Spec §2: the deposit QR code. */
export const DEPOSIT_QR = { size: 200, level: 'H' } as const;
export const TRANSACTION_PAGE_SIZES = [10, 25, 50, 100] as const;

export const MONEY_MSG = {
  minWithdrawal: `Minimum withdrawal is $${displayMoney(MIN_WITHDRAWAL)} USDT`,
  insufficient: (available: string) =>
    `Insufficient balance. You only have $${displayMoney(available)} USDT available.`,
  address: (currency: string) => `Enter a valid ${currency} address`,
  /** DESIGN §12: with the chain rails on, USDT is paid on Ethereum only. */
  evmAddress: (currency: string) => `Enter a valid ${currency} address on Ethereum (0x and 40 hex digits)`,
  incorrectPassword: 'Incorrect password',
  onePending: 'You already have a pending transaction. Wait until it completes or fails before starting another.',
  notPending: 'This transaction is no longer pending',
  payoutSent: 'The payout of this withdrawal has already been sent',
  notCancellable: 'Only a pending withdrawal can be cancelled',
  cancelled: 'Withdrawal cancelled. The amount is back in your balance.',
  escrowShort: (available: string) =>
    `Insufficient balance to hold this task's price. You only have $${displayMoney(available)} USDT available.`,
} as const;

/** DESIGN §4 and §8: an address valid for the currency, checksum included (see addresses.ts). */
export function isValidAddress(currency: Currency, address: string): boolean {
  if (currency === 'BTC') return isValidBtcAddress(address);
  if (currency === 'ETH') return isValidEthAddress(address);
  return usdtNetworkOf(address) !== null;
}

/**
 * The network an address belongs to, to name it on deposit and withdraw (DESIGN §13): a USDT
 * address is ERC-20 (0x…, Ethereum) or TRC-20 (T…, TRON). Null when the address is not valid yet.
 */
export function addressNetwork(currency: Currency, address: string): string | null {
  const a = address.trim();
  if (!isValidAddress(currency, a)) return null;
  if (currency === 'BTC') return 'Bitcoin';
  if (currency === 'ETH') return 'Ethereum';
  return usdtNetworkOf(a) === 'TRC-20' ? 'TRC-20 (TRON)' : 'ERC-20 (Ethereum)';
}

/** Which networks a currency's addresses may be on, before an address is typed. */
export const CURRENCY_NETWORKS: Record<Currency, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  USDT: 'ERC-20 (Ethereum) or TRC-20 (TRON)',
};

/**
 * A required amount ("25.5" or 25.5): missing or blank → 'This field is required.' (spec §5), any
 * other bad value with DESIGN §19's message for it (AMOUNT_MSG).
 */
export const amountInput = z
  .union([text(), z.number()], { error: MSG.required })
  .superRefine((v, ctx) => {
    const problem = typeof v === 'string' && v.trim() === '' ? MSG.required : amountProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => canonicalAmount(v));

const withdrawAmount = amountInput.refine(
  (v) => (tryParseMoney(v) ?? parseMoney(MIN_WITHDRAWAL)) >= parseMoney(MIN_WITHDRAWAL),
  MONEY_MSG.minWithdrawal,
);

const withdrawShape = z.object({
  currency: currencySchema,
  address: text({ error: MSG.required }).trim().min(1, MSG.required).max(200, 'Must be at most 200 characters'),
  amount: withdrawAmount,
  password: text({ error: MSG.required }).min(1, MSG.required).max(200),
  /** DESIGN §14: the authentication code, required when two-step verification is on. */
  code: text()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().max(32))
    .optional(),
});

function checkAddress(v: { currency?: Currency; address?: string }, ctx: z.RefinementCtx) {
  if (v.currency && v.address && !isValidAddress(v.currency, v.address)) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: MONEY_MSG.address(v.currency) });
  }
}

/** POST /user/withdraw ({currency, address, amount} + password, DESIGN §4). */
export const withdrawBody = withdrawShape.superRefine(checkAddress);
export type WithdrawBody = z.input<typeof withdrawBody>;

/** The web form: the same rules plus 'may not exceed balance' (spec §5). */
export const withdrawFormSchema = (availableMicros: bigint) =>
  withdrawShape
    .extend({
      currency: z.enum(CURRENCIES, { error: MSG.required }),
      amount: withdrawAmount.refine(
        (v) => (tryParseMoney(v) ?? 0n) <= availableMicros,
        MONEY_MSG.insufficient(formatMoney(availableMicros)),
      ),
    })
    .superRefine(checkAddress);

/** The networks USDT is deposited on (issue 28: each is its own choice on the deposit page). */
export const USDT_NETWORKS = ['ERC-20', 'TRC-20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];
export const NETWORK_LABELS: Record<UsdtNetwork, string> = { 'ERC-20': 'Ethereum (ERC-20)', 'TRC-20': 'Tron (TRC-20)' };
export const DEPOSIT_MSG = {
  networkOnlyUsdt: 'Only USDT is deposited on a choice of networks',
  networkNotOffered: (network: UsdtNetwork) => `USDT on ${NETWORK_LABELS[network]} is not offered here`,
} as const;

/** "USDT on Tron (TRC-20)", "BTC on Bitcoin": what a deposit choice and its address are called. */
export function depositLabel(currency: Currency, network: UsdtNetwork | null): string {
  if (currency === 'USDT' && network) return `USDT on ${NETWORK_LABELS[network]}`;
  return `${currency} on ${currency === 'BTC' ? 'Bitcoin' : 'Ethereum'}`;
}

/**
 * The network of a deposit address by its shape (a test-mode address need not carry a checksum):
 * a USDT address is ERC-20 (0x…) or TRC-20 (T…); null for BTC and ETH, which have one network.
 */
export function depositNetworkOf(currency: Currency, address: string | null): UsdtNetwork | null {
  if (currency !== 'USDT' || !address) return null;
  if (address.startsWith('0x')) return 'ERC-20';
  if (address.startsWith('T')) return 'TRC-20';
  return null;
}

/** POST /user/deposit. `network` chooses USDT's network; without it, the first one offered. */
export const depositBody = z
  .object({ currency: currencySchema, network: z.enum(USDT_NETWORKS).optional() })
  .superRefine((v, ctx) => {
    if (v.network && v.currency !== 'USDT') {
      ctx.addIssue({ code: 'custom', path: ['network'], message: DEPOSIT_MSG.networkOnlyUsdt });
    }
  });
export type DepositBody = z.infer<typeof depositBody>;

/** One way to deposit (GET /config/money): a currency on a network, and the provider that serves it. */
export const depositOptionSchema = z.object({
  currency: currencySchema,
  /** USDT's network; null for BTC and ETH. */
  network: z.enum(USDT_NETWORKS).nullable(),
  /** "USDT on Tron (TRC-20)". */
  label: z.string(),
  /** The provider that serves it: 'simulated' (test mode: staff confirm deposits by hand) or 'evm'. */
  provider: z.string(),
  /** True when nothing reads a chain for it: staff confirm its deposits (issue 28 "Test mode"). */
  testMode: z.boolean(),
});
export type DepositOption = z.infer<typeof depositOptionSchema>;

/** "Test mode: deposits of USDT are confirmed by staff" (DESIGN §19). */
export const testModeNotice = (currency: Currency) => `Test mode: deposits of ${currency} are confirmed by staff`;
export const depositResponse = z.object({ transactionID: z.string() });
export const withdrawResponse = z.object({ id: z.string() });

/** GET /config/money: what the web app must state as the server really applies it. */
export const moneyConfigSchema = z.object({
  /** Hours a deposit waits for payment and a withdrawal waits before it is sent (TRANSACTION_PENDING_HOURS). */
  pendingHours: z.number(),
  /** Each way to deposit, in the order the deposit page offers them, with its provider. */
  deposits: z.array(depositOptionSchema),
});
export type MoneyConfig = z.infer<typeof moneyConfigSchema>;

/** GET /user/balance: spendable balance and the part in escrow or pending withdrawals (DESIGN §3). */
export const balanceSchema = z.object({ balance: moneyOutput, held: moneyOutput });
export type Balance = z.infer<typeof balanceSchema>;

export const balancePointSchema = z.object({ date: isoDate, balance: moneyOutput });
export type BalancePoint = z.infer<typeof balancePointSchema>;

export const counterpartySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
});
export type Counterparty = z.infer<typeof counterpartySchema>;

export const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  currency: z.enum(CURRENCIES),
  /** USDT; for a pending deposit, the amount received so far. */
  amount: moneyOutput,
  address: z.string().nullable(),
  createdAt: isoDate,
  /** When it completed; null unless status is Complete (DESIGN §19: a cancelled one never reads "Completed"). */
  completedAt: isoDate.nullable(),
  /** When its owner cancelled it (status Cancelled), else null. */
  cancelledAt: isoDate.nullable(),
  /** When it failed (status Failed), else null. */
  failedAt: isoDate.nullable(),
  /** End of the pending window. */
  expiresAt: isoDate.nullable(),
  taskID: z.string().nullable(),
  projectID: z.string().nullable(),
  /** What the money was for, e.g. "Payment for ACME-12 Checkout flow" (DESIGN §8). */
  description: z.string(),
  /** The other side of a payment (the assignee of a Payment-Out, the owner of a Payment-In). */
  counterparty: counterpartySchema.nullable(),
  /**
   * Chain rails (DESIGN §12): confirmations of the transfer seen on a pending deposit ("seen, 3 of
   * 12 confirmations") or of a payout on its way, and how many are needed; null off the chain.
   */
  confirmations: z.number().int().nullable(),
  confirmationsRequired: z.number().int().nullable(),
  /** The on-chain transaction that paid or funded it. */
  txHash: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /user/holds: the caller's open escrow, one row per task (DESIGN §8). */
export const holdSchema = z.object({
  taskID: z.string(),
  identifier: z.string(),
  summary: z.string(),
  projectID: z.string(),
  projectName: z.string(),
  amount: moneyOutput,
  since: isoDate,
});
export type Hold = z.infer<typeof holdSchema>;
export const holdListSchema = z.array(holdSchema);

/** GET /transactions/{id}. */
export const transactionDetailSchema = transactionSchema.extend({
  failureReason: z.string().nullable(),
  /** The block explorer's page of `txHash` (EXPLORER_TX_URL), when one is configured. */
  explorerUrl: z.string().nullable(),
  task: z.object({ id: z.string(), identifier: z.string(), summary: z.string() }).nullable(),
  project: z.object({ id: z.string(), handle: z.string(), name: z.string() }).nullable(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

/** GET /transactions: newest first; the total is in the X-Total-Count header. */
export const transactionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

/** Staff console (DESIGN §4 staff API). */
export const adminTransactionsQuery = z.object({ status: z.enum(TRANSACTION_STATUSES).default('Pending') });
export const adminTransactionSchema = transactionSchema.extend({
  user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  failureReason: z.string().nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;
export const adminCompleteBody = z.object({ amount: amountInput.optional() }).default({});

/** GET /admin/hot-wallet (DESIGN §12): the hot wallet's balances and the payouts waiting for it. */
export const hotWalletSchema = z.object({
  enabled: z.boolean(),
  address: z.string().nullable(),
  eth: z.string().nullable(),
  usdt: moneyOutput.nullable(),
  waiting: z.array(
    z.object({
      transactionID: z.string(),
      currency: z.enum(CURRENCIES),
      amount: moneyOutput,
      since: isoDate,
      note: z.string().nullable(),
    }),
  ),
});
export type HotWallet = z.infer<typeof hotWalletSchema>;

/** Text of a pending chain deposit's progress. */
export const confirmationsText = (n: number, required: number) => `Seen, ${n} of ${required} confirmations`;

/** Realtime event 'balance' data. */
export type BalanceEvent = Balance;
