import { describe, expect, it } from 'vitest';
import { loginBody, signUpBody, splitName } from '../src/auth';
import { MSG } from '../src/common';

describe('auth contract', () => {
  it('splits the sign-up name on the first space', () => {
    expect(splitName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('  Jean Claude Van Damme ')).toEqual({ firstName: 'Jean', lastName: 'Claude Van Damme' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('uses the specification texts for required and e-mail rules', () => {
    const r = loginBody.safeParse({ email: 'nope', password: '' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ email: MSG.email, password: MSG.required });
  });

  it('defaults the account type to Client and requires the terms', () => {
    const ok = signUpBody.parse({ email: 'A@B.co', password: 'long-enough', firstName: 'A', tos: true });
    expect(ok.type).toBe('Client');
    expect(ok.email).toBe('a@b.co');
    expect(signUpBody.safeParse({ email: 'a@b.co', password: 'long-enough', firstName: 'A', tos: false }).success).toBe(
      false,
    );
  });
});
