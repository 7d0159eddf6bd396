import { type AdminDispute, type DisputeOutcome, formatMoney, tryParseMoney } from '@devmarket/contract';

type Parties = Pick<AdminDispute, 'price' | 'owner' | 'assignee'>;
const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The assignee's share of a split as the API writes it, or null unless 0 < share < price. */
export function splitShare(price: string | null, amount: string): string | null {
  const total = tryParseMoney(price ?? '');
  const share = tryParseMoney(amount.trim());
  if (total === null || share === null || share <= 0n || share >= total) return null;
  return formatMoney(share);
}

/**
 * Who gets what, said before staff resolve (DESIGN §8): "Aisha Khan gets 25 USDT, Clara Reed gets
 * 15 USDT back". `share` is the assignee's part of a split, already checked by `splitShare`.
 */
export function resolutionText(d: Parties, outcome: DisputeOutcome, share?: string): string {
  const price = d.price ?? '0';
  if (outcome === 'release') return `${name(d.assignee)} gets ${price} USDT`;
  if (outcome === 'refund') return `${name(d.owner)} gets ${price} USDT back`;
  const rest = formatMoney((tryParseMoney(price) ?? 0n) - (tryParseMoney(share ?? '') ?? 0n));
  return `${name(d.assignee)} gets ${share} USDT, ${name(d.owner)} gets ${rest} USDT back`;
}

/** What a resolved dispute decided, for the Resolved list. */
export function outcomeSummary(d: Parties & Pick<AdminDispute, 'outcome' | 'amount'>): string {
  if (!d.outcome) return '';
  return resolutionText(d, d.outcome, d.amount ?? undefined);
}
