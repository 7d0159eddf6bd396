import {
  accessTokenResponse,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  loginTwoFactorBody,
  okSchema,
  resetPasswordBody,
  signUpBody,
  updatePasswordBody,
  verifyEmailResponse,
  text,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentFullUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limit';
import * as auth from './auth.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { completeTwoFactorLogin } from './two-factor.service';
import { updatePassword } from './password-change.service';
import { clearSessionCookie, sessionMeta, setSessionCookie } from './session-cookie';
import { resendVerification, verifyCode, verifyLinkToken } from './verification.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];

  app.post(
    '/auth/sign-up',
    {
      schema: { tags, summary: 'Create an account', body: signUpBody, response: { 200: accessTokenResponse } },
      config: { auth: 'none', rateLimit: authRateLimit(app) },
    },
    async (req, reply) => {
      const answer = await auth.signUp(app.ctx, req.body, sessionMeta(req));
      setSessionCookie(req, reply, app.ctx.config, answer.accessToken);
      return answer;
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        description:
          'Answers `{ accessToken }`, or for a user with two-step verification `{ twoFactorRequired: true, ticket }` (no token yet: send the code to /auth/login/2fa).',
        body: loginBody,
        response: { 200: loginResponse },
      },
      config: { auth: 'none', rateLimit: authRateLimit(app) },
    },
    async (req, reply) => {
      const answer = await auth.login(app.ctx, req.body, { ...sessionMeta(req), ip: req.ip });
      // With two-step verification on, no session yet: no cookie until the second step.
      if ('accessToken' in answer) setSessionCookie(req, reply, app.ctx.config, answer.accessToken);
      return answer;
    },
  );

  app.post(
    '/auth/login/2fa',
    {
      schema: {
        tags,
        summary: 'Second step of a sign-in: the ticket and an authentication or recovery code',
        description:
          'The ticket lives 5 minutes; a wrong or replayed code is 422 on `code`; after 5 wrong codes, or once used or expired, the ticket is dead (401).',
        body: loginTwoFactorBody,
        response: { 200: accessTokenResponse },
      },
      config: { auth: 'none', rateLimit: authRateLimit(app) },
    },
    async (req, reply) => {
      const { userId } = await completeTwoFactorLogin(app.ctx, req.body);
      const accessToken = await auth.startSessionFor(app.ctx, userId, { ...sessionMeta(req), ip: req.ip });
      setSessionCookie(req, reply, app.ctx.config, accessToken);
      return { accessToken };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the current session and clear the AccessToken cookie',
        response: { 200: okSchema },
      },
      // A guest (or an already revoked session) still gets the cookie cleared.
      config: { auth: 'optional' },
    },
    async (req, reply) => {
      if (req.sessionId) await auth.logout(app.ctx, req.sessionId);
      clearSessionCookie(req, reply, app.ctx.config);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/cookie',
    {
      schema: {
        tags,
        summary: 'Set the HttpOnly AccessToken cookie from the bearer token (for clients that hold a token)',
        response: { 200: okSchema },
      },
      config: { auth: 'user' },
    },
    async (req, reply) => {
      const header = req.headers.authorization;
      if (header?.startsWith('Bearer ') && req.sessionToken)
        setSessionCookie(req, reply, app.ctx.config, req.sessionToken);
      return { ok: true as const };
    },
  );

  app.get(
    '/_authcheck',
    {
      schema: {
        tags,
        summary: '200 with a valid token, 401 without',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      config: { auth: 'user' },
    },
    async () => ({ ok: true as const }),
  );

  app.get(
    '/auth/verify-email/:token',
    {
      schema: {
        tags,
        summary: 'Verify the e-mail address',
        description:
          'With the 6-digit code and the bearer token: answers `{ verified: true }` (422 on `code` when wrong, expired or spent). With the long token of the mailed link: verifies and redirects to `/?email_verified=true`.',
        params: z.object({ token: text().min(1).max(200) }),
        response: { 200: verifyEmailResponse },
      },
      config: { auth: 'optional', fullUser: true, rateLimit: authRateLimit(app) },
    },
    async (req, reply) => {
      const { token } = req.params;
      if (/^\d{6}$/.test(token)) {
        return verifyCode(app.ctx, currentFullUser(req), token);
      }
      const ok = await verifyLinkToken(app.ctx, token);
      return reply.redirect(ok ? '/?email_verified=true' : '/sign-up/developer?verify_link=invalid', 302);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (always answers 200)',
        body: forgotPasswordBody,
        response: { 200: okSchema },
      },
      config: { auth: 'none', rateLimit: authRateLimit(app) },
    },
    async (req) => {
      await requestPasswordReset(app.ctx, req.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token (single use, 1 hour); signs out every session',
        body: resetPasswordBody,
        response: { 200: okSchema },
      },
      config: { auth: 'none', rateLimit: authRateLimit(app) },
    },
    async (req) => {
      await resetPassword(app.ctx, req.body);
      return { ok: true as const };
    },
  );

  // The signed-in account's own credentials (paths under /user, kept): auth owns passwords and
  // verification, so these live here and users never imports auth (docs/architecture.md).
  app.post(
    '/user/resend-verification-email',
    {
      schema: {
        tags: ['users'],
        summary: 'Mail a new verification code and link (at most once a minute)',
        response: { 200: okSchema },
      },
      config: { auth: 'user', fullUser: true, rateLimit: authRateLimit(app) },
    },
    async (req) => {
      await resendVerification(app.ctx, currentFullUser(req));
      return { ok: true as const };
    },
  );

  app.post(
    '/user/update-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the password; ends every other session (this one goes on, its token is answered)',
        body: updatePasswordBody,
        response: { 200: accessTokenResponse },
      },
      config: { auth: 'user', fullUser: true, rateLimit: authRateLimit(app) },
    },
    async (req) =>
      updatePassword(app.ctx, currentFullUser(req), req.body, req.ip, {
        id: req.sessionId as string,
        token: req.sessionToken as string,
      }),
  );
};
