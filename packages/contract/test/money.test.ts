import { describe, expect, it } from 'vitest';
import { displayMoney } from '../src/constants';
import { AMOUNT_MSG, formatMoney, moneyInput, parseMoney } from '../src/money';
import { taskPriceInput } from '../src/tasks';

describe('money', () => {
  it('parses decimal strings into exact micro-USDT', () => {
    expect(parseMoney('25.5')).toBe(25_500_000n);
    expect(parseMoney('0.000001')).toBe(1n);
    expect(parseMoney('100')).toBe(100_000_000n);
  });

  it('formats micro-USDT back without trailing zeros', () => {
    expect(formatMoney(25_500_000n)).toBe('25.5');
    expect(formatMoney(1n)).toBe('0.000001');
    expect(formatMoney(-30_000_000n)).toBe('-30');
    expect(formatMoney('0')).toBe('0');
  });

  it('round-trips every six-decimal amount exactly', () => {
    for (const v of ['0.1', '0.2', '0.3', '19.99', '999999999999.999999']) {
      expect(formatMoney(parseMoney(v))).toBe(v);
    }
  });

  it('shows at least two decimals', () => {
    expect(displayMoney('20')).toBe('20.00');
    expect(displayMoney('25.5')).toBe('25.50');
    expect(displayMoney('0.000001')).toBe('0.000001');
    expect(displayMoney('18946')).toBe('18,946.00');
    expect(displayMoney('1234567.5')).toBe('1,234,567.50');
    expect(displayMoney('-1234.5')).toBe('-1,234.50');
    expect(displayMoney('999')).toBe('999.00');
  });

  it('accepts strings and numbers, refuses the rest', () => {
    expect(moneyInput.parse('25.5')).toBe('25.5');
    expect(moneyInput.parse(25.5)).toBe('25.5');
    for (const bad of ['-1', '0', '1.1234567', 'abc', '1e5', '', '1234567890123', null, {}]) {
      expect(moneyInput.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('refuses each bad amount with its own message (DESIGN §19)', () => {
    const msg = (v: unknown) => {
      const r = moneyInput.safeParse(v);
      return r.success ? null : r.error.issues.map((i) => i.message);
    };
    for (const v of ['abc', '', '1e5', true, {}, null]) expect(msg(v), String(v)).toEqual([AMOUNT_MSG.notNumber]);
    for (const v of ['0', '-5', -10, 0, '0.000000', '-0.0000001'])
      expect(msg(v), String(v)).toEqual([AMOUNT_MSG.notPositive]);
    for (const v of ['0.0000001', 1e-7, '1.1234567']) expect(msg(v), String(v)).toEqual([AMOUNT_MSG.decimals]);
    for (const v of ['1000000000000', 1e12, '1000000.000001']) expect(msg(v), String(v)).toEqual([AMOUNT_MSG.tooLarge]);
    expect(moneyInput.parse('1000000')).toBe('1000000');
    expect(moneyInput.parse(' 0025.500 ')).toBe('25.5');
    expect(moneyInput.parse('0.000001')).toBe('0.000001');
  });

  it('a task price of zero or below is refused, never taken as no price', () => {
    expect(taskPriceInput.parse(null)).toBeNull();
    expect(taskPriceInput.safeParse('0').error?.issues[0].message).toBe(AMOUNT_MSG.notPositive);
    expect(taskPriceInput.safeParse(-5).error?.issues[0].message).toBe(AMOUNT_MSG.notPositive);
    expect(taskPriceInput.safeParse('').error?.issues[0].message).toBe(AMOUNT_MSG.notNumber);
  });
});
