import {
  type Currency,
  formatDateTimeIn,
  isValidAddress,
  MONEY_MSG,
  SECURITY_MSG,
  type WithdrawalAddress,
  type WithdrawalAddressBody,
} from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../lib/errors';
import {
  assertPassword,
  isTwoFactorOn,
  lockAccount,
  securityRowOf,
  sendSecurityMail,
  setWithdrawalAllowListOnly,
  useCode,
} from '../auth';
import { providerFor } from './providers';
import { type WithdrawalAddressRow, withdrawalAddressesRepo } from './withdrawal-addresses.repo';

/**
 * DESIGN §14 withdrawal safety: the address book with its cooldown, the opt-in allow-list, the
 * pause after a security change, and the code of two-step verification. Every change here and
 * every withdrawal hold the user's row lock (lockAccount), so a withdrawal never slips past a rule
 * that a concurrent change has just made.
 */

const toAddress = (r: WithdrawalAddressRow): WithdrawalAddress => ({
  id: r.id,
  currency: r.currency,
  address: r.address,
  label: r.label,
  usableAt: r.usableAt.toISOString(),
});

/** Hex and bech32 addresses are case-insensitive; base58 ones (legacy BTC, TRON) are not. */
const sameAddress = (a: string, b: string) => (/^(0x|bc1)/i.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b);

/** The address check of a withdrawal (the body's checksum check plus the chain rails' network). */
function assertPayableAddress(ctx: AppContext, currency: Currency, address: string): void {
  if (!isValidAddress(currency, address)) throw invalid({ address: MONEY_MSG.address(currency) });
  if (providerFor(ctx, currency).name === 'evm' && !isValidAddress('ETH', address)) {
    throw invalid({ address: MONEY_MSG.evmAddress(currency) });
  }
}

const zoneOf = (tz: string | null | undefined) => {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
};

export async function listWithdrawalAddresses(ctx: AppContext, userId: string): Promise<WithdrawalAddress[]> {
  return (await withdrawalAddressesRepo.list(ctx.db, userId)).map(toAddress);
}

/** POST /user/withdrawal-addresses: usable after WITHDRAWAL_ADDRESS_COOLDOWN_HOURS; mailed at once. */
export async function addWithdrawalAddress(
  ctx: AppContext,
  user: UserRow,
  input: Required<WithdrawalAddressBody>,
): Promise<WithdrawalAddress> {
  const address = input.address.trim();
  assertPayableAddress(ctx, input.currency, address);
  const usableAt = new Date(ctx.now().getTime() + ctx.config.withdrawalAddressCooldownHours * 3_600_000);
  return ctx.db.transaction(async (tx) => {
    const locked = await lockAccount(tx, user.id);
    const existing = await withdrawalAddressesRepo.list(tx, user.id, input.currency);
    if (existing.some((r) => sameAddress(r.address, address))) throw invalid({ address: SECURITY_MSG.addressTaken });
    const row = await withdrawalAddressesRepo.insert(tx, {
      userId: user.id,
      currency: input.currency,
      address,
      label: input.label.trim(),
      usableAt,
    });
    if (!row) throw invalid({ address: SECURITY_MSG.addressTaken });
    await sendSecurityMail(
      tx,
      user,
      {
        kind: 'withdrawal-address-added',
        currency: row.currency,
        address: row.address,
        label: row.label,
        usableAt: `${formatDateTimeIn(row.usableAt, zoneOf(locked?.timezone))} (${zoneOf(locked?.timezone)})`,
      },
      ctx.config.appUrl,
    );
    return toAddress(row);
  });
}

/** DELETE /user/withdrawal-addresses/{id}: another user's address is 404. */
export async function deleteWithdrawalAddress(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    if (!(await withdrawalAddressesRepo.remove(tx, userId, id))) throw notFound(SECURITY_MSG.addressNotFound);
  });
}

/** POST /user/withdrawal-settings: the password, and the code when two-step verification is on. */
export async function updateWithdrawalSettings(
  ctx: AppContext,
  user: UserRow,
  input: { allowListOnly: boolean; password: string; code?: string },
  ip: string,
): Promise<void> {
  await assertPassword(ctx, user, input.password, ip);
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const row = await securityRowOf(tx, user.id);
    if (isTwoFactorOn(row)) {
      if (!input.code) throw invalid({ code: SECURITY_MSG.codeRequired }, SECURITY_MSG.codeRequired);
      if (!(await useCode(ctx, tx, row, input.code)))
        throw invalid({ code: SECURITY_MSG.codeWrong }, SECURITY_MSG.codeWrong);
    }
    await setWithdrawalAllowListOnly(tx, user.id, input.allowListOnly);
  });
}

/**
 * The rules of DESIGN §14 for a withdrawal, inside its transaction and under the user lock: the
 * password still the one checked, no security pause (409 naming its end in the user's timezone),
 * the code when two-step verification is on, and with the allow-list on an address from the book
 * past its cooldown.
 */
export async function assertWithdrawalAllowed(
  ctx: AppContext,
  tx: Tx,
  user: { id: string; passwordHash: string },
  input: { currency: Currency; address: string; code?: string },
): Promise<void> {
  const locked = await lockAccount(tx, user.id);
  // The password changed between its check and this lock: the old one no longer opens the account.
  if (!locked || locked.passwordHash !== user.passwordHash) throw invalid({ password: MONEY_MSG.incorrectPassword });
  const now = ctx.now();
  const row = await securityRowOf(tx, user.id);
  if (row?.withdrawalsPausedUntil && row.withdrawalsPausedUntil > now) {
    throw conflict(SECURITY_MSG.paused(formatDateTimeIn(row.withdrawalsPausedUntil, zoneOf(locked.timezone))));
  }
  if (isTwoFactorOn(row)) {
    if (!input.code) throw invalid({ code: SECURITY_MSG.codeRequired }, SECURITY_MSG.codeRequired);
    if (!(await useCode(ctx, tx, row, input.code)))
      throw invalid({ code: SECURITY_MSG.codeWrong }, SECURITY_MSG.codeWrong);
  }
  if (row?.withdrawalAllowListOnly) {
    const book = await withdrawalAddressesRepo.list(tx, user.id, input.currency);
    const entry = book.find((r) => sameAddress(r.address, input.address.trim()));
    if (!entry) throw invalid({ address: SECURITY_MSG.notInBook });
    if (entry.usableAt > now) {
      throw invalid({ address: SECURITY_MSG.coolingDown(formatDateTimeIn(entry.usableAt, zoneOf(locked.timezone))) });
    }
  }
}
