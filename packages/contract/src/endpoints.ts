import { z } from 'zod';
import {
  adminDeveloperListSchema,
  adminHealthSchema,
  adminDeveloperSchema,
  adminDevelopersQuery,
  adminDisputeDetailSchema,
  adminDisputeSchema,
  adminDisputesQuery,
  outboxListSchema,
  outboxQuery,
  approveDeveloperBody,
  rejectDeveloperBody,
  resolveDisputeBody,
} from './admin';
import {
  accessTokenResponse,
  revokeOthersResponse,
  sessionListSchema,
  forgotPasswordBody,
  loginBody,
  resetPasswordBody,
  signUpBody,
  verifyEmailResponse,
} from './auth';
import { okSchema } from './common';
import { recommendationsQuery, recommendedProjectListSchema, recommendedTalentListSchema } from './matching';
import {
  apiTokenSchema,
  createApiTokenBody,
  createdApiTokenSchema,
  createdWebhookSchema,
  createWebhookBody,
  webhookDeliverySchema,
  webhookSchema,
} from './integrations';
import {
  messageSchema,
  messagesQuery,
  postThreadMessageBody,
  sendMessageBody,
  threadSchema,
  unreadCountSchema,
} from './messages';
import {
  dashboardSchema,
  markNotificationsReadBody,
  myApplicationListSchema,
  notificationListSchema,
  notificationSettingsSchema,
  notificationsQuery,
  updateNotificationSettingsBody,
} from './notifications';
import {
  acceptInviteResponse,
  adminProjectsQuery,
  applicationSchema,
  applyBody,
  createProjectBody,
  hasAppliedResponse,
  hasInviteResponse,
  inviteBody,
  inviteResponse,
  inviteSchema,
  projectDetailsSchema,
  ownedProjectSchema,
  ownedProjectsQuery,
  projectListQuery,
  projectListSchema,
  projectListingPageSchema,
  projectListingSchema,
  projectSchema,
  projectUserSchema,
  projectWithUsersSchema,
  searchProjectsBody,
  setFeaturedBody,
  setVerifiedBody,
  updateProjectBody,
} from './projects';
import { createReviewBody, reviewSchema, taskReviewStateSchema, userReviewsSchema } from './reviews';
import {
  activitySchema,
  createActivityBody,
  createTaskBody,
  createTaskResponse,
  fileLinkResponse,
  moveTaskBody,
  reasonBody,
  taskFileSchema,
  taskListSchema,
  taskSchema,
  taskSummarySchema,
  updateTaskBody,
} from './tasks';
import {
  adminCompleteBody,
  adminTransactionSchema,
  adminTransactionsQuery,
  hotWalletSchema,
  balancePointSchema,
  balanceSchema,
  depositBody,
  depositResponse,
  holdListSchema,
  moneyConfigSchema,
  transactionDetailSchema,
  transactionSchema,
  transactionsQuery,
  withdrawBody,
  withdrawResponse,
} from './transactions';
import { auditListSchema, auditQuery, solvencyProofSchema, solvencySchema } from './trust';
import {
  meSchema,
  publicUserSchema,
  talentListSchema,
  talentQuery,
  talentSearchBody,
  updatePasswordBody,
  updateProfileBody,
  updateUserBody,
} from './users';
import {
  loginResponse,
  loginTwoFactorBody,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorEnableResponse,
  twoFactorSetupBody,
  twoFactorSetupResponse,
  withdrawalAddressBody,
  withdrawalAddressSchema,
  withdrawalSettingsBody,
} from './security';

/**
 * One row per JSON route of the API under /api/v1: `'<METHOD> <path>'` (Fastify's `:param`
 * syntax) → the schemas the server's route declares: `query` (querystring), `body`, `answer` (the
 * response of `status`, 200 unless given) and `multipart` for form uploads. The server's routes
 * are checked against it (apps/server/test/contract-endpoints.test.ts: same routes, same schemas),
 * so it cannot drift. The web app imports only the `Endpoints` type (no zod at run time).
 */
export type EndpointSchemas = {
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  status?: number;
  multipart?: true;
};

const ok = { answer: okSchema };

export const endpoints = {
  'GET /health': { answer: z.object({ status: z.literal('ok') }) },

  // auth
  'POST /auth/sign-up': { body: signUpBody, answer: accessTokenResponse },
  'POST /auth/login': { body: loginBody, answer: loginResponse },
  'POST /auth/login/2fa': { body: loginTwoFactorBody, answer: accessTokenResponse },
  'POST /auth/logout': ok,
  'GET /auth/cookie': ok,
  'GET /_authcheck': { answer: z.object({ ok: z.literal(true) }) },
  'GET /auth/verify-email/:token': { answer: verifyEmailResponse },
  'POST /auth/forgot-password': { body: forgotPasswordBody, ...ok },
  'POST /auth/reset-password': { body: resetPasswordBody, ...ok },

  // users
  'GET /user': { answer: meSchema },
  'POST /user': { body: updateUserBody, answer: meSchema },
  'POST /user/resend-verification-email': ok,
  'POST /user/update-password': { body: updatePasswordBody, answer: accessTokenResponse },
  'GET /user/sessions': { answer: sessionListSchema },
  'DELETE /user/sessions/:id': ok,
  'POST /user/sessions/revoke-others': { answer: revokeOthersResponse },
  'POST /user/update-profile': { body: updateProfileBody, answer: meSchema },
  'POST /user/image': { multipart: true, answer: meSchema },
  'POST /user/2fa/setup': { body: twoFactorSetupBody, answer: twoFactorSetupResponse },
  'POST /user/2fa/enable': { body: twoFactorEnableBody, answer: twoFactorEnableResponse },
  'POST /user/2fa/disable': { body: twoFactorDisableBody, ...ok },
  'GET /user/withdrawal-addresses': { answer: z.array(withdrawalAddressSchema) },
  'POST /user/withdrawal-addresses': { body: withdrawalAddressBody, answer: withdrawalAddressSchema },
  'DELETE /user/withdrawal-addresses/:id': ok,
  'POST /user/withdrawal-settings': { body: withdrawalSettingsBody, ...ok },
  'GET /users/talent': { query: talentQuery, answer: talentListSchema },
  'POST /users/talent/search': { body: talentSearchBody, answer: talentListSchema },
  'GET /users/username/:username': { answer: publicUserSchema },
  'GET /users/:id': { answer: publicUserSchema },

  // personal access tokens (DESIGN §16)
  'POST /user/tokens': { body: createApiTokenBody, answer: createdApiTokenSchema },
  'GET /user/tokens': { answer: z.array(apiTokenSchema) },
  'DELETE /user/tokens/:id': ok,

  // projects
  'GET /projects/my': { answer: z.array(projectSchema) },
  'GET /projects/owned': { query: ownedProjectsQuery, answer: z.array(ownedProjectSchema) },
  'GET /projects/featured': { query: projectListQuery, answer: projectListingPageSchema },
  'GET /projects/public': { query: projectListQuery, answer: projectListingPageSchema },
  'GET /projects/verified': { query: projectListQuery, answer: projectListingPageSchema },
  'POST /projects/search': { body: searchProjectsBody, answer: z.array(projectListingSchema) },
  'POST /projects': { body: createProjectBody, answer: projectSchema },
  'GET /projects/id/:id': { answer: projectWithUsersSchema },
  'GET /projects/:id/details': { answer: projectDetailsSchema },
  'GET /projects/:id/users': { answer: z.array(projectUserSchema) },
  'DELETE /projects/:id/users/:userId': { answer: z.array(projectUserSchema) },
  'POST /projects/:id': { body: updateProjectBody, answer: projectWithUsersSchema },
  'DELETE /projects/:id': { status: 204, answer: z.null() },
  'GET /projects/:handle': { answer: projectWithUsersSchema },
  // matching (DESIGN §17)
  'GET /projects/:id/recommended-talent': { query: recommendationsQuery, answer: recommendedTalentListSchema },
  'GET /projects/recommended': { query: recommendationsQuery, answer: recommendedProjectListSchema },

  // webhooks (DESIGN §16)
  'POST /projects/:id/webhooks': { body: createWebhookBody, answer: createdWebhookSchema },
  'GET /projects/:id/webhooks': { answer: z.array(webhookSchema) },
  'DELETE /projects/:id/webhooks/:hookId': ok,
  'POST /projects/:id/webhooks/:hookId/test': { answer: webhookDeliverySchema },
  'GET /projects/:id/webhooks/:hookId/deliveries': { answer: z.array(webhookDeliverySchema) },

  // applications
  'POST /applications/project/:id/apply': { body: applyBody, answer: z.object({ id: z.string() }) },
  'GET /applications/project/:id/has-applied': { answer: hasAppliedResponse },
  'GET /project/:id/applicants': { answer: z.array(applicationSchema) },
  'POST /applications/:projectID/:applicationID/ignore': ok,
  'GET /applications/my': { answer: myApplicationListSchema },

  // invites
  'POST /invites/projects/:id': { body: inviteBody, answer: inviteResponse },
  'GET /invites/projects/:id': { answer: z.array(inviteSchema) },
  'DELETE /invites/projects/:id/:userId': ok,
  'POST /invites/projects/:id/accept': { answer: acceptInviteResponse },
  'POST /invites/projects/:id/decline': ok,
  'GET /invites/projects/:id/has-invite': { answer: hasInviteResponse },

  // tasks
  'GET /project/:id/tasks': { answer: taskListSchema },
  'GET /tasks/:id': { answer: taskSchema },
  'PUT /tasks/:id': { body: updateTaskBody, answer: taskSchema },
  'GET /tasks/identifier/:identifier': { answer: taskSchema },
  'POST /tasks': { body: createTaskBody, answer: createTaskResponse },
  'POST /tasks/:id/stage': { body: moveTaskBody, answer: taskSummarySchema },
  'POST /tasks/:id/unassign': { answer: taskSchema },
  'POST /tasks/:id/request-changes': { body: reasonBody, answer: taskSchema },
  'POST /tasks/:id/dispute': { body: reasonBody, answer: taskSchema },
  'POST /tasks/:id/activity': { body: createActivityBody, answer: activitySchema },

  // reviews
  'POST /tasks/:id/review': { body: createReviewBody, answer: reviewSchema },
  'GET /tasks/:id/review': { answer: taskReviewStateSchema },
  'GET /users/:id/reviews': { answer: userReviewsSchema },

  // files
  'POST /tasks/:id/upload': { multipart: true, answer: taskFileSchema },
  'POST /tasks/:id/files/:fileId/link': { answer: fileLinkResponse },
  'DELETE /tasks/:id/files/:fileId': ok,

  // messages
  'GET /threads': { answer: z.array(threadSchema) },
  'GET /threads/unread': { answer: unreadCountSchema },
  'GET /threads/:id': { answer: threadSchema },
  'GET /threads/:id/messages': { query: messagesQuery, answer: z.array(messageSchema) },
  'POST /threads/:id/messages': { body: postThreadMessageBody, answer: messageSchema },
  'POST /threads/:id/read': ok,
  'POST /messages': { body: sendMessageBody, answer: messageSchema },

  // notifications
  'GET /notifications': { query: notificationsQuery, answer: notificationListSchema },
  'GET /notifications/unread-count': { answer: unreadCountSchema },
  'POST /notifications/read': { body: markNotificationsReadBody, answer: unreadCountSchema },
  'GET /user/notification-settings': { answer: notificationSettingsSchema },
  'POST /user/notification-settings': { body: updateNotificationSettingsBody, answer: notificationSettingsSchema },

  // dashboard
  'GET /dashboard': { answer: dashboardSchema },

  // money
  'GET /user/balance': { answer: balanceSchema },
  'GET /user/holds': { answer: holdListSchema },
  'GET /user/balance/history': { answer: z.array(balancePointSchema) },
  'POST /user/deposit': { body: depositBody, answer: depositResponse },
  'POST /user/withdraw': { body: withdrawBody, answer: withdrawResponse },
  'GET /config/money': { answer: moneyConfigSchema },
  'GET /transactions': { query: transactionsQuery, answer: z.array(transactionSchema) },
  'GET /transactions/:id': { answer: transactionDetailSchema },
  'POST /transactions/:id/cancel': { answer: transactionDetailSchema },

  // admin
  'GET /admin/developers': { query: adminDevelopersQuery, answer: adminDeveloperListSchema },
  'POST /admin/developers/:userId/approve': { body: approveDeveloperBody, answer: adminDeveloperSchema },
  'POST /admin/developers/:userId/reject': { body: rejectDeveloperBody, answer: adminDeveloperSchema },
  'GET /admin/disputes': { query: adminDisputesQuery, answer: z.array(adminDisputeSchema) },
  'GET /admin/disputes/:id': { answer: adminDisputeDetailSchema },
  'POST /admin/disputes/:id/resolve': { body: resolveDisputeBody, ...ok },
  'GET /admin/outbox': { query: outboxQuery, answer: outboxListSchema },
  'GET /admin/projects': { query: adminProjectsQuery, answer: projectListSchema },
  'POST /admin/projects/:id/verify': { body: setVerifiedBody.nullish(), answer: projectSchema },
  'POST /admin/projects/:id/feature': { body: setFeaturedBody.nullish(), answer: projectSchema },
  'GET /admin/transactions': { query: adminTransactionsQuery, answer: z.array(adminTransactionSchema) },
  'POST /admin/transactions/:id/complete': { body: adminCompleteBody, ...ok },
  'POST /admin/transactions/:id/fail': ok,
  'GET /admin/hot-wallet': { answer: hotWalletSchema },
  'GET /admin/health': { answer: adminHealthSchema },
  'GET /admin/audit': { query: auditQuery, answer: auditListSchema },
  'POST /admin/solvency/publish': { answer: solvencySchema },

  // proof of liabilities (DESIGN §15)
  'GET /solvency': { answer: solvencySchema },
  'GET /user/solvency-proof': { answer: solvencyProofSchema },
} as const satisfies Record<string, EndpointSchemas>;

/**
 * The routes of /api/v1 that are not in the table, and why: they do not answer JSON to the web
 * app's client. The drift test checks that table + this list is every route the server has.
 */
export const nonJsonRoutes = {
  'GET /events': 'the event stream (text/event-stream), read by lib/realtime.ts',
  'GET /users/images/:file': 'avatar image bytes, used as an <img> source',
  'GET /tasks/:id/files/:fileId/download': 'file bytes, opened through a signed link',
  'GET /notifications/unsubscribe/:token': 'an HTML page, linked from notification mails',
  'POST /notifications/unsubscribe/:token': "an HTML page, mail clients' one-click unsubscribe",
  'POST /payments/webhook/:provider': 'called by the payment provider, not by the web app',
} as const;

type Table = typeof endpoints;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `'/tasks/:id/files/:fileId'` → `{ id: string; fileId: string }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

type Flatten<T> = { [K in keyof T]: T[K] } & {};
type Field<E, K extends string, IO extends 'input' | 'output'> = E extends { [P in K]: z.ZodType }
  ? IO extends 'input'
    ? z.input<E[K]>
    : z.output<E[K]>
  : never;

/**
 * The table as types: `Endpoints['GET /projects/id/:id']` is
 * `{ params: { id: string }; query: never; body: never; answer: ProjectWithUsers }`. Query and
 * body are what the client sends (zod input: defaults optional), answer is what the server
 * serializes (zod output). `never` means the route takes none.
 */
export type Endpoints = {
  [K in keyof Table]: K extends `${Method} ${infer Path}`
    ? {
        params: Flatten<PathParams<Path>>;
        query: Field<Table[K], 'query', 'input'>;
        body: Table[K] extends { multipart: true } ? FormData : Field<Table[K], 'body', 'input'>;
        answer: Field<Table[K], 'answer', 'output'>;
      }
    : never;
};

/** The paths that answer `method`: `EndpointPath<'GET'>` is `'/health' | '/auth/cookie' | …`. */
export type EndpointPath<M extends Method> = {
  [K in keyof Endpoints]: K extends `${M} ${infer Path}` ? Path : never;
}[keyof Endpoints];

/** The answer of one route: `Answer<'GET', '/projects/id/:id'>`. */
export type Answer<M extends Method, P extends EndpointPath<M>> = Endpoints[`${M} ${P}` & keyof Endpoints]['answer'];
