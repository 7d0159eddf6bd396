import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { totpCodeAt } from '../../src/modules/auth/totp';
import { call } from '../helper';
import { TEST_PASSWORD } from './users';

/**
 * A test clock for the rules (ctx.now): starts at a fixed moment on a 30-second step boundary
 * and only moves when a test advances it.
 */
export function useClock(app: FastifyInstance, start = Date.UTC(2026, 10, 25, 12, 0, 0)) {
  let now = start;
  app.ctx.now = () => new Date(now);
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
    /** The code of a secret at the clock's moment (plus `steps` 30-second steps). */
    code: (secret: string, steps = 0) => totpCodeAt(secret, new Date(now + steps * 30_000)),
  };
}

/** Turns two-step verification on through the API; answers the secret and the recovery codes. */
export async function turnOnTwoFactor(
  app: FastifyInstance,
  token: string,
  clock: ReturnType<typeof useClock>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(app, 'POST', '/user/2fa/setup', { token, body: { password: TEST_PASSWORD } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const enable = await call(app, 'POST', '/user/2fa/enable', { token, body: { code: clock.code(setup.body.secret) } });
  expect(enable.status, JSON.stringify(enable.body)).toBe(200);
  // The next code used must be of a later step: a code is accepted once.
  clock.advance(30_000);
  return { secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}
