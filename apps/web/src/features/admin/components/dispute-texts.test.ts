import type { AdminDispute } from '@devmarket/contract';
import { describe, expect, it } from 'vitest';
import { outcomeSummary, resolutionText, splitShare } from './dispute-texts';

const person = (firstName: string, lastName: string) => ({ id: firstName, firstName, lastName, username: null });
const dispute = {
  price: '40',
  owner: person('Clara', 'Reed'),
  assignee: person('Aisha', 'Khan'),
} satisfies Pick<AdminDispute, 'price' | 'owner' | 'assignee'>;

describe('dispute resolution texts', () => {
  it('states who gets what for each outcome', () => {
    expect(resolutionText(dispute, 'release')).toBe('Aisha Khan gets 40 USDT');
    expect(resolutionText(dispute, 'refund')).toBe('Clara Reed gets 40 USDT back');
    expect(resolutionText(dispute, 'split', '25')).toBe('Aisha Khan gets 25 USDT, Clara Reed gets 15 USDT back');
    expect(resolutionText({ ...dispute, price: '10.5' }, 'split', '0.25')).toBe(
      'Aisha Khan gets 0.25 USDT, Clara Reed gets 10.25 USDT back',
    );
    expect(outcomeSummary({ ...dispute, outcome: 'split', amount: '25' })).toBe(
      'Aisha Khan gets 25 USDT, Clara Reed gets 15 USDT back',
    );
  });

  it('takes a split share only strictly between 0 and the price', () => {
    expect(splitShare('40', ' 25.50 ')).toBe('25.5');
    expect(splitShare('40', '0')).toBeNull();
    expect(splitShare('40', '40')).toBeNull();
    expect(splitShare('40', 'ten')).toBeNull();
    expect(splitShare(null, '5')).toBeNull();
  });
});
