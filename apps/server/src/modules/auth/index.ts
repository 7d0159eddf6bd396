/** The public face of the auth module: other modules and the app import only what is exported here. */
export { hashNewPassword, replacePassword, startSession } from './auth.service';
export { assertLoginAllowed, recordLoginFailure } from './login-limits';
export { sessionsRepo, type SessionUser } from './sessions.repo';
export { resendVerification } from './verification.service';
export { sendSecurityMail } from './security-mail.service';
export {
  assertPassword,
  isTwoFactorOn,
  lockAccount,
  securityRowOf,
  setWithdrawalAllowListOnly,
  useCode,
} from './two-factor.service';
export {
  formatMailTime,
  KNOWN_BROWSER_DAYS,
  queueSecurityMail,
  securityMails,
  type SecurityMailTo,
} from './security-mail.service';
export { clearSessionCookie, sessionMeta, setSessionCookie } from './session-cookie';
